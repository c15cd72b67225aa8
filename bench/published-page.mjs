#!/usr/bin/env node
// The published daily-rewards page (decision 021) as a game's web view loads it from a CDN. Its bytes: the built page
// (one HTML file, script and styles inline) and the page a publish writes for the bench's config (the built page
// with the config inline and its popup prerendered, decision 021), gzip and brotli. Then, in Debian's Chromium at
// 390×844 with 4× CPU throttling, first contentful paint and the moment the popup (its "Claim Reward" button) is
// painted, median of BENCH_RUNS (default 5) cold loads, for: the page as published (by the real server, from its
// storage); the built page with its config.json beside it; the built page with the config in ?config=. The floor,
// in the same run and from the same stand-in CDN: a hand-written static HTML page of the same popup (inline CSS,
// no script). Targets: ≤ 30 KB gzip, the published page's popup painted ≤ 1.3× the floor. Prints figures;
// asserts nothing. Build first (npm run build).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apiCaller, gameWithGold, createDeveloper, freePort, onInterrupt, root, startServer } from './lib.mjs';
import {
  CONFIG,
  CONFIG_QUERY,
  CPU_THROTTLING,
  floorHtml,
  launchBrowser,
  measureAll,
  printTable,
  RUNS,
} from './popup-pages.mjs';

const BUILT = path.join(root, 'apps/web/dist/packs/daily_rewards/daily_rewards.html');
const PACK = '/packs/g1/daily_rewards/c1';
const PUBLISHED = '/packs/g1/releases/1/daily_rewards/c1';
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

/**
 * A page's parts, each gzipped alone: what the 30 KB pays for.
 * @param {Buffer} page
 */
function parts(page) {
  const text = page.toString('utf8');
  const script = /<script>([\s\S]*)<\/script>/.exec(text)?.[1] ?? '';
  const style = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1] ?? '';
  const rest = text.replace(script, '').replace(style, '');
  return { script, style, rest };
}

/**
 * The page a publish writes for CONFIG, and its config.json: a real server (the build) publishes a game made of
 * the same packs and days, and both files are read back from its storage.
 */
async function publishConfig() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-bench-published-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const call = apiCaller(server, await createDeveloper(server, 'published-bench@studio.test'));
    const { game, gold } = await gameWithGold(call, 'Bench Game');
    /** @type {Record<string, string>} */
    const packIds = {};
    for (const pack of CONFIG.packs) {
      const contents = pack.contents.map((entry) => ({ itemId: gold.id, quantity: entry.quantity }));
      const created = await call('POST', `/api/games/${game.id}/packs`, {
        name: pack.name,
        contents,
        iconId: pack.iconId,
      });
      packIds[pack.id] = created.id;
    }
    const config = await call('POST', `/api/games/${game.id}/daily-rewards`, { name: CONFIG.name });
    const rewards = CONFIG.rewards.map((reward) => ({ day: reward.day, packId: packIds[reward.packId] }));
    await call('PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, { rewards, cycleDays: CONFIG.cycleDays });
    const last = JSON.parse((await call('POST', `/api/games/${game.id}/releases`, {})).trim().split('\n').pop());
    if (last.type !== 'done') throw new Error(`publish failed: ${JSON.stringify(last)}`);
    const artifact = last.release.artifacts[0];
    const read = async (/** @type {string} */ url) => Buffer.from(await (await fetch(url)).arrayBuffer());
    return { page: await read(artifact.versionedHtmlUrl), config: await read(artifact.versionedConfigUrl) };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A CDN stand-in: the floor, the built page and its config.json, and the published page and its config.json,
 * each gzipped once for clients that take gzip.
 * @param {{ page: Buffer, config: Buffer }} published
 */
async function startCdn(published) {
  /** @type {Record<string, { type: string, body: Buffer }>} */
  const files = {
    '/floor.html': { type: 'text/html; charset=utf-8', body: Buffer.from(floorHtml()) },
    [`${PACK}/daily_rewards.html`]: { type: 'text/html; charset=utf-8', body: html },
    [`${PACK}/config.json`]: { type: 'application/json', body: Buffer.from(JSON.stringify(CONFIG)) },
    [`${PUBLISHED}/daily_rewards.html`]: { type: 'text/html; charset=utf-8', body: published.page },
    [`${PUBLISHED}/config.json`]: { type: 'application/json', body: published.config },
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

/**
 * @param {string} name
 * @param {Buffer} page
 */
function printBytes(name, page) {
  const { script, style, rest } = parts(page);
  const total = gzip(page).length;
  console.log(`\n${name}`);
  console.log(`  raw ${kib(page.length)}, gzip -9 ${kib(total)}, brotli 11 ${kib(brotli(page).length)}`);
  console.log(
    `  gzipped alone: script ${kib(gzip(script).length)}, styles ${kib(gzip(style).length)}, the rest of the HTML ${kib(gzip(rest).length)}`,
  );
  console.log(`  target ≤ ${kib(TARGET_GZIP_BYTES)} gzip: ${total <= TARGET_GZIP_BYTES ? 'within' : 'OVER'}`);
}

const published = await publishConfig();
printBytes(
  'Built page, apps/web/dist/packs/daily_rewards/daily_rewards.html (HTML, script and styles in one file)',
  html,
);
printBytes(
  'Published page for the bench config, as a publish wrote it (config inline, popup prerendered)',
  published.page,
);

const cdn = await startCdn(published);
const browser = await launchBrowser();
const stopAll = async () => {
  await browser.close();
  await cdn.stop();
};
onInterrupt(stopAll);
try {
  console.log(`\nChromium with ${CPU_THROTTLING}× CPU throttling, 390×844, cold loads, median of ${RUNS}`);
  const rows = await measureAll(browser, [
    { name: 'floor: hand-written static HTML popup', url: `${cdn.url}/floor.html` },
    {
      name: 'published page, as a publish wrote it (7 days)',
      url: `${cdn.url}${PUBLISHED}/daily_rewards.html?streak=2`,
    },
    { name: 'built page + config.json beside it (7 days)', url: `${cdn.url}${PACK}/daily_rewards.html?streak=2` },
    { name: 'built page, ?config=… (7 days)', url: `${cdn.url}${PACK}/daily_rewards.html?${CONFIG_QUERY}` },
  ]);
  printTable(rows);
  console.log(`Target: the published page's popup painted ≤ ${TARGET_FLOOR_RATIO}× the floor.`);
} finally {
  await stopAll();
}
