// Lighthouse (mobile) on the built app, on an empty DATA_DIR: scores and timings beside the targets, for the sign-in
// page, two signed-in pages (the dashboard with a game, and the game's emulator with a config chosen), the embed
// page a web view loads (?config=…&streak=2: two claimed days) and a published daily-rewards page (?streak=2).
// Builds nothing: run `npm run build` first. CHROME_PATH picks the browser (default Debian's Chromium).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { apiCaller, createDeveloper, gameWithGold, startServer } from './lib.mjs';
import { CONFIG, CONFIG_QUERY } from './popup-pages.mjs';

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
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** Accessibility 100 everywhere (decision 030); the performance target is the sign-in page's first visit. */
const TARGETS = { accessibility: 100, 'best-practices': 95 };
const FIRST_VISIT_TARGETS = { performance: 90, ...TARGETS };

/**
 * A developer with a game made of the bench config's packs and days, published once: the session cookie, the
 * game, the config and the published page's address.
 * @param {Awaited<ReturnType<typeof startServer>>} server
 */
async function publishedGame(server) {
  const cookie = await createDeveloper(server, 'lighthouse@studio.test');
  const call = apiCaller(server, cookie);
  const { game, gold } = await gameWithGold(call, 'Lighthouse Game');
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
  return { cookie, game, config, publishedUrl: String(last.release.artifacts[0].versionedHtmlUrl) };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-lighthouse-'));
// No SMTP_URL: createDeveloper reads the verification link from the server's log.
const server = await startServer({ DATA_DIR: dataDir });
let chrome;
let failed = false;
try {
  const { cookie, game, config, publishedUrl } = await publishedGame(server);
  /** @type {{ name: string, url: string, signedIn?: boolean, targets?: Record<string, number> }[]} */
  const pages = [
    { name: 'sign-in', url: `${server.url}/login`, targets: FIRST_VISIT_TARGETS },
    { name: 'dashboard (signed in)', url: `${server.url}/dashboard`, signedIn: true },
    {
      name: 'emulator (signed in)',
      url: `${server.url}/dashboard/game/${game.id}/emulator?config=${config.id}`,
      signedIn: true,
    },
    { name: 'embed page, 2 days claimed', url: `${server.url}/embed/daily_rewards?${CONFIG_QUERY}` },
    { name: 'published page, 2 days claimed', url: `${publishedUrl}?streak=2` },
  ];
  for (const page of pages) {
    // A fresh browser per page: a second run in one browser can lose its trace (NO_NAVSTART).
    chrome?.kill();
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // The session rides on every request of the run; the signed-out pages get none.
      ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${page.url}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    // A signed-in page that landed on /login would score the wrong page.
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(page.url).pathname) {
      throw new Error(`${page.url} ended on ${result.lhr.finalDisplayedUrl}`);
    }

    console.log(`\nLighthouse ${result.lhr.lighthouseVersion}, mobile, ${page.name}: ${page.url.slice(0, 120)}`);
    /** @type {Record<string, number>} */
    const targets = page.targets ?? TARGETS;
    for (const id of CATEGORIES) {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      const target = targets[id];
      if (target !== undefined && score < target) failed = true;
      console.log(
        `  ${categories[id]?.title.padEnd(16)} ${String(score).padStart(3)}   ${target === undefined ? '(figure only)' : `target ≥ ${target}`}`,
      );
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
    if (scripts)
      console.log(`    of which scripts        ${kib(scripts.transferSize)} in ${scripts.requestCount} files`);

    // Anything that cost points, so a miss says where to look.
    for (const id of CATEGORIES) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
          console.log(`  - ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          for (const item of items(ref.id)) {
            const text = item.issueType ?? item.description ?? item.node?.snippet;
            if (typeof text === 'string') console.log(`      ${text}`);
            if (typeof item.node?.explanation === 'string') console.log(`        ${item.node.explanation}`);
            for (const sub of item.subItems?.items ?? []) console.log(`      ${JSON.stringify(sub).slice(0, 200)}`);
          }
        }
      }
    }
  }
} finally {
  chrome?.kill();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
