// Shared by the benches of the player-facing popup pages (bench:embed, bench:published): the 7-day config they
// show, the hand-written static HTML of the same popup (the floor), and cold loads in Debian's Chromium with 4×
// CPU throttling timed to the moment the popup is painted.
import { chromium } from 'playwright-core';
import { percentile } from './lib.mjs';

export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export const CPU_THROTTLING = 4;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const PACKS = [
  { id: 'small', name: 'Small Chest', value: 4.99, contents: [{ itemId: 'gold', quantity: 100 }], iconId: 'coin' },
  { id: 'big', name: 'Big Chest', value: 19.99, contents: [{ itemId: 'gold', quantity: 500 }], iconId: 'gem' },
];
/** A daily reward with the default layout: what both pages and the floor show. */
export const CONFIG = {
  name: 'Launch Week',
  cycleDays: 7,
  rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: i === 6 ? 'big' : 'small' })),
  uiTheme: { primaryColor: '#FFE16D', secondaryColor: '#021031' },
  packs: PACKS,
  assets: [],
};
/** The config as the pages' ?config=, with a streak of 2 (day 3 today). */
export const CONFIG_QUERY = `config=${Buffer.from(JSON.stringify(CONFIG)).toString('base64url')}&streak=2`;

/** The same popup by hand: the floor for what a page showing it can cost. */
export function floorHtml() {
  const day = (/** @type {number} */ n) => {
    const state = n < 3 ? 'claimed' : n === 3 ? 'today' : 'upcoming';
    const amount = n === 7 ? 500 : 100;
    return `<div class="card ${state}"><span>Day ${n}</span><b>🪙</b><em>×${amount}</em></div>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Daily Bonus</title><style>
body{margin:0;background:#021031;font:14px system-ui,sans-serif;color:#fff;display:grid;place-items:center;min-height:100vh}
.popup{width:320px;background:#0b1d4d;border-radius:20px;padding:16px;text-align:center}
h1{margin:0 0 12px;background:#FFE16D;color:#021031;border-radius:999px;font-size:20px;padding:8px}
.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:16px}.card{background:#132a66;border-radius:12px;padding:8px;display:grid;gap:4px}
.card.claimed b{opacity:.45;filter:grayscale(1)}.card.today{outline:2px solid #FFE16D}.final{margin-top:16px}em{font-style:normal;color:#FFE16D}
button{margin-top:12px;background:#f4b400;border:0;border-radius:12px;width:200px;height:56px;font-weight:700}
</style></head><body><div class="popup"><h1>Daily Bonus</h1><div class="grid">${[1, 2, 3, 4, 5, 6].map(day).join('')}</div>
<div class="final">${day(7)}</div><p>Come back every day for a new reward</p><button>Claim Reward</button></div></body></html>`;
}

/**
 * Records, in the page, when an element whose text is "Claim Reward" first exists (`found`) and when the second
 * animation frame after that runs (`frame`): window.__popup, a promise of both. Read with page.evaluate
 * (DevTools), never a polled predicate, which a page whose CSP forbids eval (the published page's) would refuse to
 * run. See popupPainted for what they make.
 */
const WATCH_FOR_POPUP = `(() => {
  let seen;
  window.__popup = new Promise((resolve) => { seen = resolve; });
  const found = () => [...document.querySelectorAll('button, [role=button]')].some((el) => el.textContent.trim() === 'Claim Reward');
  const check = () => {
    if (!found()) return false;
    observer.disconnect();
    const at = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => seen({ found: at, frame: performance.now() })));
    return true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * When the popup was first painted: the first contentful paint when the button existed by then (that paint drew
 * it: a static page, or one whose popup comes in its HTML), else the second frame after the button appeared (a
 * page whose script draws the popup after something else was painted).
 * @param {{ found: number, frame: number }} popup
 * @param {number | null} fcp
 */
function popupPainted(popup, fcp) {
  return fcp !== null && fcp >= popup.found ? fcp : popup.frame;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * One cold load of `url` in a fresh context: transferred bytes (encoded, as sent), requests, FCP and popup paint.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(WATCH_FOR_POPUP);
  await page.goto(url, { waitUntil: 'load' });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {{ found: number, frame: number }} */
  const popup = await Promise.race([
    page.evaluate('window.__popup'),
    new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${url}: no popup in 30 s`)), 30_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await page.waitForLoadState('networkidle');
  // Chromium records first-contentful-paint once a later frame confirms it was presented: a still page may make
  // none, so ask for frames (this changes no timestamp) until it is there.
  /** @type {number | null} */
  let fcp = null;
  for (let i = 0; i < 50 && fcp === null; i++) {
    fcp = await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(
      performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? null,
    ))))`);
  }
  await context.close();
  if (errors.length) throw new Error(`${url}: page errors: ${errors.join('; ')}`);
  return { bytes, requests, fcp: fcp ?? NaN, popup: popupPainted(popup, fcp) };
}

/**
 * The medians of RUNS cold loads of each page after one warm-up each, printed a line per page. The loads take
 * turns (one of each page per round), so a machine that slows down or speeds up during the run affects every page
 * alike; the first page is the floor, and each row also has the median over rounds of its popup time over the
 * floor's in the same round.
 * @param {import('playwright-core').Browser} browser
 * @param {{ name: string, url: string }[]} pages
 */
export async function measureAll(browser, pages) {
  for (const { url } of pages) await load(browser, url); // warm the server and the OS caches; not counted
  /** @type {Awaited<ReturnType<typeof load>>[][]} */
  const runs = pages.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [index, { url }] of pages.entries()) runs[index]?.push(await load(browser, url));
  }
  const median = (/** @type {number[]} */ values) => percentile(values, 50);
  const floor = runs[0] ?? [];
  return pages.map(({ name }, index) => {
    const own = runs[index] ?? [];
    const row = {
      name,
      bytes: median(own.map((r) => r.bytes)),
      requests: median(own.map((r) => r.requests)),
      fcp: median(own.map((r) => r.fcp)),
      popup: median(own.map((r) => r.popup)),
      roundRatio: median(own.map((r, round) => r.popup / (floor[round]?.popup ?? NaN))),
    };
    console.log(
      `  ${name.padEnd(52)} ${(row.bytes / 1024).toFixed(1).padStart(7)} KiB  ${String(row.requests).padStart(2)} requests  FCP ${row.fcp.toFixed(0).padStart(5)} ms  popup painted ${row.popup.toFixed(0).padStart(5)} ms`,
    );
    return row;
  });
}

/**
 * The rows as a Markdown table, each popup time beside the floor's (the first row): the ratio of the medians and
 * the median of the per-round ratios.
 * @param {Awaited<ReturnType<typeof measureAll>>} rows
 */
export function printTable(rows) {
  const floor = rows[0];
  if (!floor) return;
  console.log(
    `\n| page | KiB transferred | requests | FCP ms | popup painted ms | popup × floor | per round |\n|---|---|---|---|---|---|---|`,
  );
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${(row.bytes / 1024).toFixed(1)} | ${row.requests} | ${row.fcp.toFixed(0)} | ${row.popup.toFixed(0)} | ${(row.popup / floor.popup).toFixed(2)} | ${row.roundRatio.toFixed(2)} |`,
    );
  }
  console.log(
    '\nBytes are as transferred (compressed where the server compresses), headers included; "popup painted" is the ' +
      'first contentful paint when the Claim Reward button existed by then, else the second animation frame after ' +
      'it appeared; from navigation start.',
  );
}
