#!/usr/bin/env node
// The UI editor on a generated 500-node layout, in Debian's Chromium (no throttling, 1440×900):
// - prop edit → preview: a text value committed in the Properties panel (Enter) until the preview's node shows it
//   (the DOM mutation), and until the next frame after it is painted;
// - click → properties: a click on a node in the preview until the Properties panel names that node.
// The floor, in the same page and run: the same text written straight into the preview's DOM node, timed the same
// way. Median and p95 of BENCH_RUNS (default 40) edits and clicks. Target: ≤ 16 ms to the updated preview.
// Prints figures; asserts nothing. Build first.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiCaller, gameWithGold, createDeveloper, onInterrupt, percentile, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const NODES = 500;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PREVIEW = 'iframe[title="Layout preview"]';

/**
 * A daily-rewards layout of exactly `total` nodes: the popup's labelled parts, then filler grids of texts.
 * @param {number} total
 */
function generatedLayout(total) {
  /** @param {string} id @param {string} label @param {string} value */
  const text = (id, label, value) => ({ id, type: 'TextCB', label, props: { value, size: 'sm' } });
  const cards = Array.from({ length: 7 }, (_, i) => ({
    id: `card-${i + 1}`,
    type: 'GridCB',
    label: `Day ${i + 1} Card`,
    props: { columns: 1, gap: 4, day: i + 1 },
    children: [
      { id: `card-${i + 1}-label`, type: 'TextCB', props: { bind: 'day.label', size: 'xs' } },
      { id: `card-${i + 1}-amount`, type: 'TextCB', props: { bind: 'pack.amount', size: 'xs' } },
    ],
  }));
  const frame = {
    id: 'frame',
    type: 'GridCB',
    label: 'Popup Frame',
    props: { columns: 1, gap: 4 },
    children: [
      text('bench-title', 'Bench Title', 'Daily Bonus'),
      { id: 'grid', type: 'GridCB', label: 'Rewards Grid', props: { columns: 7, gap: 2 }, children: cards },
    ],
  };
  const root = {
    id: 'root',
    type: 'Root',
    props: {},
    children: [{ id: 'bg', type: 'BackgroundCB', props: { backgroundColor: '#021031' }, children: [frame] }],
  };
  // root, bg, frame, title, grid, 7 cards × 3 = 26 so far.
  let count = 26;
  for (let g = 0; count < total; g++) {
    /** @type {{ id: string, type: string, label: string, props: object, children: object[] }} */
    const grid = {
      id: `filler-${g}`,
      type: 'GridCB',
      label: `Filler Grid ${g}`,
      props: { columns: 10, gap: 1 },
      children: [],
    };
    count += 1;
    for (let t = 0; t < 20 && count < total; t++, count++) {
      grid.children.push(text(`filler-${g}-${t}`, `Filler ${g}.${t}`, `${g}.${t}`));
    }
    /** @type {object[]} */ (frame.children).push(grid);
  }
  return root;
}

/** In the page: times from `act()` until `done()` holds after a DOM mutation, and until the next frame after it. */
const TIMER = `void (window.__timeUntil = (observed, act, done) => new Promise((resolve, reject) => {
  const start = performance.now();
  let mutated = 0;
  const finish = () => { observer.disconnect(); requestAnimationFrame(() => resolve({ mutated: mutated - start, painted: performance.now() - start })); };
  const observer = new MutationObserver(() => { if (!mutated && done()) { mutated = performance.now(); finish(); } });
  for (const target of observed()) observer.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
  setTimeout(() => { observer.disconnect(); reject(new Error('timed out')); }, 5000);
  act();
}));`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-bench-editor-'));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const stopAll = async () => {
  await browser.close();
  await server.stop();
};
onInterrupt(stopAll);
try {
  const cookie = await createDeveloper(server, 'editor-bench@studio.test');
  const call = apiCaller(server, cookie);

  const { game, gold: item } = await gameWithGold(call, 'Bench Game');
  const pack = await call('POST', `/api/games/${game.id}/packs`, {
    name: 'Chest',
    contents: [{ itemId: item.id, quantity: 5 }],
  });
  const config = await call('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Bench Week' });
  const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
  await call('PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, { rewards, cycleDays: 7 });
  await call('PUT', `/api/games/${game.id}/daily-rewards/${config.id}/layout`, { uiLayout: generatedLayout(NODES) });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    }),
  );
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/ui-editor/daily_rewards/${config.id}`);
  await page.evaluate(TIMER);
  const preview = page.frameLocator(PREVIEW);
  await preview.locator('[data-node-id="bench-title"]').waitFor();
  const rendered = await preview.locator('[data-node-id]').count();
  await page
    .getByRole('list', { name: 'Components' })
    .getByRole('button', { name: 'Bench Title', exact: true })
    .click();
  await page.getByLabel('Value', { exact: true }).waitFor();

  /** @type {{ mutated: number, painted: number }[]} */
  const edits = [];
  /** @type {{ mutated: number, painted: number }[]} */
  const floor = [];
  /** @type {{ mutated: number, painted: number }[]} */
  const clicks = [];
  for (let i = 0; i < RUNS; i++) {
    const value = `Edit ${i}`;
    // Type the value (React sees an input event), let React settle, then time the commit (Enter).
    await page.evaluate(`(() => {
      const field = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Value');
      const target = document.getElementById(field.htmlFor);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(target, ${JSON.stringify(value)});
      target.dispatchEvent(new Event('input', { bubbles: true }));
      window.__benchInput = target;
    })()`);
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))');
    edits.push(
      await page.evaluate(
        `window.__timeUntil(
          () => [document.querySelector('${PREVIEW}').contentDocument.body],
          () => window.__benchInput.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
          () => document.querySelector('${PREVIEW}').contentDocument.querySelector('[data-node-id="bench-title"]').textContent.includes(${JSON.stringify(value)}),
        )`,
      ),
    );
    const direct = `Direct ${i}`;
    floor.push(
      await page.evaluate(
        `window.__timeUntil(
          () => [document.querySelector('${PREVIEW}').contentDocument.body],
          () => { document.querySelector('${PREVIEW}').contentDocument.querySelector('[data-node-id="bench-title"]').firstChild.textContent = ${JSON.stringify(direct)}; },
          () => document.querySelector('${PREVIEW}').contentDocument.querySelector('[data-node-id="bench-title"]').textContent.includes(${JSON.stringify(direct)}),
        )`,
      ),
    );
    const target = `filler-${i % 20}-${i % 7}`;
    const label = `Filler ${i % 20}.${i % 7}`;
    clicks.push(
      await page.evaluate(
        `window.__timeUntil(
          () => [document.querySelector('.ui-editor-properties')],
          () => document.querySelector('${PREVIEW}').contentDocument.querySelector('[data-node-id="${target}"]').click(),
          () => document.querySelector('.ui-editor-selected-name')?.textContent === ${JSON.stringify(label)},
        )`,
      ),
    );
    await page
      .getByRole('list', { name: 'Components' })
      .getByRole('button', { name: 'Bench Title', exact: true })
      .click();
    await page.getByLabel('Value', { exact: true }).waitFor();
  }
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);

  const stats = (/** @type {number[]} */ values) =>
    `median ${percentile(values, 50).toFixed(1).padStart(5)} ms  p95 ${percentile(values, 95).toFixed(1).padStart(5)} ms`;
  console.log(
    `\nUI editor, ${NODES}-node layout (${rendered} rendered nodes in the preview), Chromium 1440×900, ${RUNS} runs`,
  );
  console.log(`  floor: the text written straight into the preview's DOM`);
  console.log(`    to the DOM change           ${stats(floor.map((r) => r.mutated))}`);
  console.log(`    to the next frame           ${stats(floor.map((r) => r.painted))}`);
  console.log(`  prop edit (Enter) → preview   (target ≤ 16 ms)`);
  console.log(`    to the preview's DOM change ${stats(edits.map((r) => r.mutated))}`);
  console.log(`    to the next frame           ${stats(edits.map((r) => r.painted))}`);
  console.log(`  click in the preview → Properties panel names the node`);
  console.log(`    to the panel's DOM change   ${stats(clicks.map((r) => r.mutated))}`);
  console.log(`    to the next frame           ${stats(clicks.map((r) => r.painted))}`);
} finally {
  await stopAll();
}
