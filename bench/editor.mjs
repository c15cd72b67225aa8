#!/usr/bin/env node
// The UI editor on a generated 500-node layout, in Debian's Chromium (no throttling, 1440×900):
// - keystroke → preview: one character typed into the Properties panel's Text field (its value) (a real key press, no Enter:
//   the preview follows typing), from the keydown until the preview's node shows the text (the DOM mutation),
//   and until the next frame after it is painted;
// - click → properties: a click on a node in the preview until the Properties panel names that node.
// The floor, in the same page and run: the same keystroke into a plain input beside the editor whose listener
// writes the text straight into the preview's DOM node, timed the same way. Median and p95 of BENCH_RUNS
// (default 40) words of TYPED.length keystrokes, and of BENCH_RUNS clicks. Target: ≤ 16 ms to the updated
// preview. Prints figures; asserts nothing. Build first.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiCaller, gameWithGold, createDeveloper, onInterrupt, percentile, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const NODES = 500;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PREVIEW = 'iframe[title="Layout preview"]';
/** Each run types this word (after selecting the field's text, so the first key replaces it), key by key. */
const TYPED = 'Typing';

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

/**
 * In the page: arms a measure of the next key pressed, from its keydown (a real key, sent by the bench, in the
 * focused field) until the preview's bench title reads \`expected\` after a DOM mutation, and until the next frame
 * after it. The result is window.__keystroke, a promise.
 */
const KEYSTROKE = `void (window.__armKeystroke = (expected) => {
  const title = () => document.querySelector('${PREVIEW}').contentDocument.querySelector('[data-node-id="bench-title"]');
  window.__keystroke = new Promise((resolve, reject) => {
    let start = 0;
    let mutated = 0;
    const observer = new MutationObserver(() => {
      if (start && !mutated && title().textContent === expected) {
        mutated = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => resolve({ mutated: mutated - start, painted: performance.now() - start }));
      }
    });
    observer.observe(document.querySelector('${PREVIEW}').contentDocument.body, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener('keydown', () => { start = performance.now(); }, { capture: true, once: true });
    setTimeout(() => { observer.disconnect(); reject(new Error('timed out: ' + expected)); }, 5000);
  });
});`;

/** In the page: the floor's plain input, whose typing is written straight into the preview's bench title. */
const FLOOR_INPUT = `void (() => {
  const input = document.createElement('input');
  input.id = 'bench-floor-input';
  input.setAttribute('aria-label', 'Bench floor');
  input.style.cssText = 'position:fixed;left:0;bottom:0;width:120px;z-index:10';
  input.addEventListener('input', () => {
    document.querySelector('${PREVIEW}').contentDocument.querySelector('[data-node-id="bench-title"]').firstChild.textContent = input.value;
  });
  document.body.append(input);
})()`;

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
    .getByRole('tree', { name: 'Components' })
    .getByRole('treeitem', { name: 'Bench Title', exact: true })
    .click();
  await page.getByLabel('Text', { exact: true }).waitFor();

  await page.evaluate(KEYSTROKE);
  await page.evaluate(FLOOR_INPUT);
  const valueField = page.getByLabel('Text', { exact: true });
  const floorField = page.getByLabel('Bench floor', { exact: true });

  /**
   * Types TYPED into a field key by key, after selecting its text, timing each key until the title shows it.
   * @param {import('playwright-core').Locator} field
   * @param {{ mutated: number, painted: number }[]} into
   */
  const typeWord = async (field, into) => {
    await field.click();
    await page.keyboard.press('Control+a');
    for (let k = 1; k <= TYPED.length; k++) {
      await page.evaluate(`window.__armKeystroke(${JSON.stringify(TYPED.slice(0, k))})`);
      await page.keyboard.press(TYPED.charAt(k - 1));
      into.push(await page.evaluate('window.__keystroke'));
    }
  };

  /** @type {{ mutated: number, painted: number }[]} */
  const edits = [];
  /** @type {{ mutated: number, painted: number }[]} */
  const floor = [];
  /** @type {{ mutated: number, painted: number }[]} */
  const clicks = [];
  for (let i = 0; i < RUNS; i++) {
    await typeWord(valueField, edits);
    // The floor types the same word over it (its first key turns "Typing" into "T").
    await typeWord(floorField, floor);
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
      .getByRole('tree', { name: 'Components' })
      .getByRole('treeitem', { name: 'Bench Title', exact: true })
      .click();
    await valueField.waitFor();
    // Each run starts from another text, so the first key of the word changes the title.
    await valueField.fill(`Run ${i}`);
    await valueField.press('Enter');
  }
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);

  const stats = (/** @type {number[]} */ values) =>
    `median ${percentile(values, 50).toFixed(1).padStart(5)} ms  p95 ${percentile(values, 95).toFixed(1).padStart(5)} ms`;
  console.log(
    `\nUI editor, ${NODES}-node layout (${rendered} rendered nodes in the preview), Chromium 1440×900, ${RUNS} runs of ${TYPED.length} keys`,
  );
  console.log(`  floor: a key typed into a plain input that writes the text straight into the preview's DOM`);
  console.log(`    to the DOM change           ${stats(floor.map((r) => r.mutated))}`);
  console.log(`    to the next frame           ${stats(floor.map((r) => r.painted))}`);
  console.log(`  keystroke in the Text field → preview, ${edits.length} keys   (target ≤ 16 ms)`);
  console.log(`    to the preview's DOM change ${stats(edits.map((r) => r.mutated))}`);
  console.log(`    to the next frame           ${stats(edits.map((r) => r.painted))}`);
  console.log(`  click in the preview → Properties panel names the node`);
  console.log(`    to the panel's DOM change   ${stats(clicks.map((r) => r.mutated))}`);
  console.log(`    to the next frame           ${stats(clicks.map((r) => r.painted))}`);
} finally {
  await stopAll();
}
