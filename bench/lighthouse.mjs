// Lighthouse (mobile) on /login of the built app, on an empty DATA_DIR: scores and timings beside the targets.
// Builds nothing: run `npm run build` first. CHROME_PATH picks the browser (default Debian's Chromium).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 };

const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-lighthouse-'));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
let failed = false;
try {
  const result = await lighthouse(`${server.url}/login`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);

  console.log(`Lighthouse ${result.lhr.lighthouseVersion}, mobile, ${server.url}/login`);
  for (const [id, target] of Object.entries(TARGETS)) {
    const score = Math.round((categories[id]?.score ?? 0) * 100);
    if (score < target) failed = true;
    console.log(`  ${categories[id]?.title.padEnd(16)} ${String(score).padStart(3)}   target ≥ ${target}`);
  }
  const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  // An audit's details are a union of shapes; the ones read here are tables of plain records.
  /** @param {string} id */
  const items = (id) => /** @type {Record<string, any>[]} */ (/** @type {any} */ (audits[id]?.details)?.items ?? []);
  const scripts = items('resource-summary').find((item) => item.resourceType === 'script');
  console.log(`  First Contentful Paint    ${audits['first-contentful-paint']?.displayValue}`);
  console.log(`  Largest Contentful Paint  ${audits['largest-contentful-paint']?.displayValue}`);
  console.log(`  Total Blocking Time       ${audits['total-blocking-time']?.displayValue}`);
  console.log(`  Transfer size             ${kib(audits['total-byte-weight']?.numericValue ?? 0)}`);
  if (scripts) console.log(`    of which scripts        ${kib(scripts.transferSize)} in ${scripts.requestCount} files`);

  // Anything that cost points, so a miss says where to look.
  for (const id of Object.keys(TARGETS)) {
    for (const ref of categories[id]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        console.log(`  - ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        for (const item of items(ref.id)) {
          const text = item.issueType ?? item.description ?? item.node?.snippet;
          if (typeof text === 'string') console.log(`      ${text}`);
          for (const sub of item.subItems?.items ?? []) console.log(`      ${JSON.stringify(sub).slice(0, 200)}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
