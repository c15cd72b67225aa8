#!/usr/bin/env node
// The published daily-rewards page (issue 11) as a game's web view loads it from a CDN: its bytes (one HTML file,
// script and styles inline; gzip and brotli) and, in Debian's Chromium at 390×844 with 4× CPU throttling, its
// first contentful paint and the moment the popup (its "Claim Reward" button) is painted, median of BENCH_RUNS
// (default 5) cold loads: with its config.json beside it, and with the config in ?config=. The floor, in the same
// run and from the same server: a hand-written static HTML page of the same popup (inline CSS, no script). A bare
// Node server stands in for the CDN, gzip for whoever asks. Targets: ≤ 30 KB gzip, popup painted ≤ 1.3× the
// floor. Prints figures; asserts nothing. Build first (npm run build).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort, onInterrupt, root } from './lib.mjs';
import {
  CONFIG,
  CONFIG_QUERY,
  CPU_THROTTLING,
  floorHtml,
  launchBrowser,
  measure,
  printTable,
  RUNS,
} from './popup-pages.mjs';

const BUILT = path.join(root, 'apps/web/dist/packs/daily_rewards/daily_rewards.html');
const PACK = '/packs/g1/daily_rewards/c1';
const TARGET_GZIP_BYTES = 30 * 1024;
const TARGET_FLOOR_RATIO = 1.3;

const html = await readFile(BUILT).catch(() => {
  console.error(`${BUILT} is missing: build first (npm run build)`);
  process.exit(1);
});

const gzip = (/** @type {Buffer | string} */ data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
const brotli = (/** @type {Buffer} */ data) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The page's parts, each gzipped alone: what the 30 KB pays for. */
function parts() {
  const text = html.toString('utf8');
  const script = /<script>([\s\S]*)<\/script>/.exec(text)?.[1] ?? '';
  const style = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1] ?? '';
  const rest = text.replace(script, '').replace(style, '');
  return { script, style, rest };
}

/** A CDN stand-in: the floor, the page and its config.json, each gzipped once for clients that take gzip. */
async function startCdn() {
  /** @type {Record<string, { type: string, body: Buffer }>} */
  const files = {
    '/floor.html': { type: 'text/html; charset=utf-8', body: Buffer.from(floorHtml()) },
    [`${PACK}/daily_rewards.html`]: { type: 'text/html; charset=utf-8', body: html },
    [`${PACK}/config.json`]: { type: 'application/json', body: Buffer.from(JSON.stringify(CONFIG)) },
  };
  const gzipped = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, gzip(file.body)]));
  const port = await freePort();
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://cdn').pathname;
    const file = files[name];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    const compressed = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      ...(compressed ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(compressed ? gzipped[name] : file.body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const { script, style, rest } = parts();
const total = gzip(html).length;
console.log(
  '\nPublished page, apps/web/dist/packs/daily_rewards/daily_rewards.html (HTML, script and styles in one file)',
);
console.log(`  raw ${kib(html.length)}, gzip -9 ${kib(total)}, brotli 11 ${kib(brotli(html).length)}`);
console.log(
  `  gzipped alone: script ${kib(gzip(script).length)}, styles ${kib(gzip(style).length)}, the rest of the HTML ${kib(gzip(rest).length)}`,
);
console.log(`  target ≤ ${kib(TARGET_GZIP_BYTES)} gzip: ${total <= TARGET_GZIP_BYTES ? 'within' : 'OVER'}`);

const cdn = await startCdn();
const browser = await launchBrowser();
const stopAll = async () => {
  await browser.close();
  await cdn.stop();
};
onInterrupt(stopAll);
try {
  console.log(`\nChromium with ${CPU_THROTTLING}× CPU throttling, 390×844, cold loads, median of ${RUNS}`);
  const floor = await measure(browser, 'floor: hand-written static HTML popup', `${cdn.url}/floor.html`);
  const beside = await measure(
    browser,
    'published page + config.json beside it (7 days)',
    `${cdn.url}${PACK}/daily_rewards.html?streak=2`,
  );
  const inQuery = await measure(
    browser,
    'published page, ?config=… (7 days)',
    `${cdn.url}${PACK}/daily_rewards.html?${CONFIG_QUERY}`,
  );
  printTable([floor, beside, inQuery], floor);
  console.log(`Target: popup painted ≤ ${TARGET_FLOOR_RATIO}× the floor.`);
} finally {
  await stopAll();
}
