import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { userGreetingName } from '@liveops/domain/accounts';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';
import { ONE_PIXEL_PNG } from './support/slow-request';

/**
 * Decision 031: every dashboard page at a phone's 390×844 and a desktop's 1440×900. Nothing overflows the
 * viewport sideways, a workspace tab's content starts on the first screen, and the named buttons keep their text
 * on one line.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const SIZES = [
  { name: '390', width: 390, height: 844 },
  { name: '1440', width: 1440, height: 900 },
] as const;
type Size = (typeof SIZES)[number];

/**
 * The only elements allowed to scroll sideways, each on purpose: the emulator's code samples (the WebView URL and
 * the init message, kept as written so they read and copy whole) and a preview zoomed past its fit (the editor's
 * and emulator's canvas at a fixed device size). Anything else that scrolls sideways fails the test, and so does
 * anything outside such an element that leaves the viewport.
 */
const SIDEWAYS_SCROLLERS = ['.emulator-code', '.preview-stage.is-zoomed'];

/** A long address (the welcome line greets by it) and long names, as a real studio's may be. */
const LONG_PREFIX = 'phone-layout-producer.long-address';
const GAME_NAME = 'Galaxy Raiders Deluxe Collector Edition';

type Seeded = {
  context: BrowserContext;
  email: string;
  gameId: string;
  copyId: string;
  segmentId: string;
  rewardId: string;
};
let seeded: Seeded;

async function send(context: BrowserContext, method: 'POST' | 'PATCH', path: string, init: object) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    headers: { origin: setup.app.url },
    ...init,
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** A studio's game with an image, two segments, two items, two packs, a 7-day daily reward and a staging copy. */
async function seed(): Promise<Seeded> {
  const { context, email } = await signedInContext(setup.browser, setup.app, LONG_PREFIX);
  const game = await createGameViaApi(context, setup.app, GAME_NAME);
  const base = `/api/games/${game.id}`;
  await send(context, 'POST', `${base}/assets`, {
    multipart: {
      name: 'Treasure chest artwork for the final day',
      assetId: 'treasure_chest_final_day_artwork',
      file: { name: 'chest.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
    },
  });
  const segment = await send(context, 'POST', `${base}/segments`, {
    data: { name: 'Whales', description: 'Players who spent a lot', expression: 'player.totalSpend > 100.0' },
  });
  await send(context, 'POST', `${base}/segments`, {
    data: { name: 'Newcomers', expression: 'player.level < 5' },
  });
  const gold = await send(context, 'POST', `${base}/items`, {
    data: { name: 'Gold', type: 'currency', value: 0.5, baseAmount: 100 },
  });
  const gems = await send(context, 'POST', `${base}/items`, {
    data: { name: 'Gems', type: 'currency', value: 2, baseAmount: 10 },
  });
  const starter = await send(context, 'POST', `${base}/packs`, {
    data: { name: 'Starter', contents: [{ itemId: gold.id, quantity: 20 }], iconId: 'gift' },
  });
  const mega = await send(context, 'POST', `${base}/packs`, {
    data: {
      name: 'Mega bundle',
      contents: [
        { itemId: gold.id, quantity: 500 },
        { itemId: gems.id, quantity: 50 },
      ],
      iconId: 'gem',
    },
  });
  const reward = await send(context, 'POST', `${base}/daily-rewards`, { data: { name: 'Week One' } });
  await send(context, 'PATCH', `${base}/daily-rewards/${reward.id}`, {
    data: {
      cycleDays: 7,
      rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: day === 7 ? mega.id : starter.id })),
    },
  });
  // A staging copy: its badge sits in the workspace's sidebar and under the narrow menu bar.
  const copy = await send(context, 'POST', `${base}/duplicate`, { data: {} });
  return { context, email, gameId: game.id, copyId: copy.id, segmentId: segment.id, rewardId: reward.id };
}

/**
 * A page of the seeded account at a size, closed however the test ends: each open dashboard page holds a live
 * updates stream, and a browser opens at most six connections to one server.
 */
async function withPage(size: Size, run: (page: Page) => Promise<void>) {
  const page = await seeded.context.newPage();
  await page.setViewportSize(size);
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

async function shoot(page: Page, name: string, size: Size) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/phone-layout-${name}-${size.name}.png` });
}

/** Fonts and images in place, so every box has its final size. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  });
}

/**
 * What sticks out of the viewport sideways: the page's own scroll width, every visible element whose box leaves
 * the viewport (unless an ancestor clips or scrolls it), and every element that scrolls sideways without being
 * one of SIDEWAYS_SCROLLERS. The page's frame (html, body, #root, the shell) may not hide sideways overflow,
 * which would hide content instead of showing it.
 */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const name = (el: Element) => {
      const classes =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
    }
    // An open dialog locks the body's scrolling on purpose (Radix sets overflow: hidden on it).
    const dialogOpen = document.querySelector('[role=dialog], [role=alertdialog]') !== null;
    const frames = [document.documentElement, ...(dialogOpen ? [] : [document.body])];
    for (const frame of [...frames, ...Array.from(document.querySelectorAll('#root, .shell, .shell-main'))]) {
      const overflowX = getComputedStyle(frame).overflowX;
      if (overflowX !== 'visible') problems.push(`${name(frame)} has overflow-x: ${overflowX}`);
    }
    const visible = (el: Element) => {
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const clippedByAncestor = (el: Element) => {
      for (let ancestor = el.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && !allowed.some((selector) => el.matches(selector))) {
        problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
      }
      if (clippedByAncestor(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) {
        problems.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
    }
    return problems;
  }, SIDEWAYS_SCROLLERS);
}

/** How many lines a button's text takes, and whether its text fits its box. */
async function textLines(button: Locator) {
  return button.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return { lines: tops.size, fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight };
  });
}

async function expectOneLine(button: Locator) {
  expect(await textLines(button), await button.innerText()).toEqual({ lines: 1, fits: true });
}

function box(locator: Locator) {
  return locator.evaluate((el) => {
    const { left, right, top, bottom } = el.getBoundingClientRect();
    return { left, right, top, bottom };
  });
}

/** A workspace tab: its heading near the top, and what follows its header still on the first screen. */
async function expectContentOnFirstScreen(page: Page, size: Size) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const main = page.locator('.workspace-main');
  const heading = main.locator('h1, h2').first();
  const first = await box(heading);
  expect(first.top, 'the tab heading starts in the top third of the screen').toBeLessThan(size.height / 3);
  const afterHeader = main.locator('.page > :nth-child(2), .placeholder > p').first();
  expect((await box(afterHeader)).top, "the tab's content starts on the first screen").toBeLessThan(size.height);
}

/** A list row's text (its first block) keeps most of the row's width: on a phone its buttons go below it. */
async function expectTextKeepsTheRow(row: Locator) {
  const [whole, text] = await Promise.all([box(row), box(row.locator(':scope > div').first())]);
  expect(text.right - text.left, await row.innerText()).toBeGreaterThan((whole.right - whole.left) * 0.6);
}

async function expectNoOverflow(page: Page, what: string, size: Size) {
  await settled(page);
  expect(await overflows(page), `${what} at ${size.name}`).toEqual([]);
}

/** Every field and button of an open dialog inside the dialog, and the dialog inside the viewport. */
async function expectDialogShowsEveryField(dialog: Locator, size: Size) {
  const frame = await box(dialog);
  expect(frame.left).toBeGreaterThanOrEqual(0);
  expect(frame.right).toBeLessThanOrEqual(size.width);
  const controls = dialog.locator('input:not([type=hidden]), select, textarea, button');
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const inner = await box(control);
    const label = (await control.getAttribute('aria-label')) ?? (await control.getAttribute('id')) ?? '';
    expect(inner.left, label).toBeGreaterThanOrEqual(frame.left);
    expect(inner.right, label).toBeLessThanOrEqual(frame.right);
  }
}

/** The workspace's tab pages, each with what shows it has loaded. */
const TABS: { name: string; path: (s: Seeded) => string; ready: (page: Page) => Locator }[] = [
  { name: 'profile', path: () => '', ready: (page) => page.getByRole('heading', { name: GAME_NAME, level: 1 }) },
  {
    name: 'emulator',
    path: (s) => `/emulator?config=${s.rewardId}`,
    ready: (page) => page.locator('iframe[title="Daily reward preview"]'),
  },
  { name: 'assets', path: () => '/assets', ready: (page) => page.locator('.asset-card img') },
  { name: 'segments', path: () => '/segments', ready: (page) => page.locator('.segment-row', { hasText: 'Whales' }) },
  {
    name: 'segment',
    path: (s) => `/segments/${s.segmentId}`,
    ready: (page) => page.getByRole('form', { name: 'Edit segment' }),
  },
  { name: 'inventory', path: () => '/inventory', ready: (page) => page.locator('.inventory-row', { hasText: 'Gems' }) },
  { name: 'daily-rewards', path: () => '/daily-rewards', ready: (page) => page.locator('.day-slot').nth(6) },
  { name: 'offers', path: () => '/offers', ready: (page) => page.getByRole('region', { name: 'Offers' }) },
  { name: 'events', path: () => '/events', ready: (page) => page.getByRole('region', { name: 'Events' }) },
];

describe('phone and desktop layouts (decision 031)', () => {
  beforeAll(async () => {
    seeded = await seed();
  });
  afterAll(async () => {
    await seeded?.context.close();
  });

  it('the top bar of a 360 px phone (many Android phones): Sign out on one line, nothing off the screen', async () => {
    const page = await seeded.context.newPage();
    try {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`${setup.app.url}/dashboard/game/${seeded.gameId}/emulator?config=${seeded.rewardId}`);
      await page.locator('iframe[title="Daily reward preview"]').waitFor();
      await expectOneLine(page.getByRole('banner').getByRole('button', { name: 'Sign out' }));
      expect(await overflows(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  for (const size of SIZES) {
    describe(`at ${size.width}×${size.height}`, () => {
      it('the dashboard: welcome line, game cards, create button', async () => {
        await withPage(size, async (page) => {
          await page.goto(`${setup.app.url}/dashboard`);
          const card = page.getByRole('article', { name: `Open ${GAME_NAME}`, exact: true });
          await card.waitFor();
          await expectNoOverflow(page, 'the dashboard', size);
          await shoot(page, 'dashboard', size);

          // The greeting's name (the address's words, decision 056) is not broken mid-word: it keeps one line, cut
          // with an ellipsis and whole in its title.
          const greeting = userGreetingName({ displayName: null, email: seeded.email }) ?? '';
          const name = page.getByRole('heading', { level: 1 }).getByText(greeting, { exact: true });
          expect(await name.innerText()).toBe(greeting);
          expect(await textLines(name).then((t) => t.lines)).toBe(1);
          const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
          if (cut) expect(await name.getAttribute('title')).toBe(greeting);
          if (size.name === '1440') expect(cut).toBe(false);

          // Copy stays clear of the arrow, both inside the card.
          const copy = card.getByRole('button', { name: /^Copy SDK key/ });
          const arrow = card.getByRole('button', { name: `Open ${GAME_NAME} workspace` });
          const [c, a, k] = await Promise.all([box(copy), box(arrow), box(card)]);
          expect(c.right <= a.left || a.bottom <= c.top || c.bottom <= a.top, 'Copy and → overlap').toBe(true);
          for (const inner of [c, a]) {
            expect(inner.left).toBeGreaterThanOrEqual(k.left);
            expect(inner.right).toBeLessThanOrEqual(k.right);
          }
          await expectOneLine(copy);
          await expectOneLine(page.getByRole('button', { name: '+ Create New Game' }));

          await page.getByRole('button', { name: '+ Create New Game' }).click();
          const dialog = page.getByRole('dialog', { name: 'Create New Game' });
          await dialog.getByLabel('Name').waitFor();
          await expectNoOverflow(page, 'the create game dialog', size);
          await expectDialogShowsEveryField(dialog, size);
          await shoot(page, 'create-game', size);
        });
      });

      it('every workspace tab', async () => {
        await withPage(size, async (page) => {
          for (const tab of TABS) {
            await page.goto(`${setup.app.url}/dashboard/game/${seeded.gameId}${tab.path(seeded)}`);
            await tab.ready(page).first().waitFor();
            await expectNoOverflow(page, `the ${tab.name} tab`, size);
            await expectContentOnFirstScreen(page, size);
            await shoot(page, tab.name, size);
          }
          await page.goto(`${setup.app.url}/dashboard/game/${seeded.copyId}`);
          await page
            .getByRole('complementary', { name: 'Game workspace' })
            .getByText('Staging copy', { exact: true })
            .waitFor();
          await expectNoOverflow(page, "the staging copy's profile", size);
          await expectContentOnFirstScreen(page, size);
          await shoot(page, 'staging-copy', size);
        });
      });

      it('the workspace menu, the tab buttons and the inventory dialogs', async () => {
        await withPage(size, async (page) => {
          await page.goto(`${setup.app.url}/dashboard/game/${seeded.gameId}/segments`);
          await page.locator('.segment-row').first().waitFor();
          await expectOneLine(page.getByRole('button', { name: '+ Create Segment' }));
          await expectTextKeepsTheRow(page.locator('.segment-row', { hasText: 'Whales' }));

          const menu = page.getByRole('button', { name: 'Workspace menu' });
          const nav = page.getByRole('navigation', { name: 'Workspace sections' });
          if (size.name === '390') {
            // Collapsed: the sections are behind the menu button, which says so.
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
            expect(await nav.isVisible()).toBe(false);
            await menu.click();
            expect(await menu.getAttribute('aria-expanded')).toBe('true');
            await nav.waitFor();
            await expectNoOverflow(page, 'the open workspace menu', size);
            await shoot(page, 'workspace-menu', size);
            // Escape closes it and gives focus back to the button.
            await nav.getByRole('link', { name: 'Inventory' }).focus();
            await page.keyboard.press('Escape');
            await nav.waitFor({ state: 'hidden' });
            expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
            await menu.click();
            await nav.getByRole('link', { name: 'Inventory' }).click();
            // Choosing a section closes the menu.
            await nav.waitFor({ state: 'hidden' });
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
          } else {
            expect(await menu.isVisible()).toBe(false);
            await nav.getByRole('link', { name: 'Inventory' }).click();
          }

          await page.locator('.inventory-row', { hasText: 'Gems' }).waitFor();
          await expectTextKeepsTheRow(page.locator('.inventory-row', { hasText: 'Gems' }));
          const add = page.getByRole('button', { name: '+ Add', exact: true });
          await expectOneLine(add);
          await add.click();
          const item = page.getByRole('dialog', { name: 'New Item' });
          await item.getByLabel('Base amount').waitFor();
          await expectNoOverflow(page, 'the new item dialog', size);
          await expectDialogShowsEveryField(item, size);
          await shoot(page, 'item-dialog', size);
          await page.keyboard.press('Escape');
          await item.waitFor({ state: 'detached' });

          await page.getByRole('tab', { name: /Packs/ }).click();
          await page.locator('.inventory-row', { hasText: 'Mega bundle' }).waitFor();
          await expectNoOverflow(page, 'the packs list', size);
          await shoot(page, 'packs', size);
          await expectOneLine(add);
          await add.click();
          const pack = page.getByRole('dialog', { name: 'New Pack' });
          await pack.getByLabel('Name').waitFor();
          await expectNoOverflow(page, 'the new pack dialog', size);
          await expectDialogShowsEveryField(pack, size);
          await shoot(page, 'pack-dialog', size);
        });
      });

      it('the UI editor and account settings', async () => {
        await withPage(size, async (page) => {
          await page.goto(`${setup.app.url}/ui-editor/daily_rewards/${seeded.rewardId}`);
          await page.locator('.ui-editor-header h1').waitFor();
          await page.locator('iframe').first().waitFor();
          await expectNoOverflow(page, 'the UI editor', size);
          await shoot(page, 'ui-editor', size);

          await page.goto(`${setup.app.url}/account`);
          await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
          await page.getByLabel('Display name').waitFor();
          await expectNoOverflow(page, 'account settings', size);
          await shoot(page, 'account', size);
        });
      });

      it('the signed-out pages', async () => {
        const context = await setup.browser.newContext({ viewport: size });
        const page = await context.newPage();
        for (const [name, path, heading] of [
          ['login', '/login', 'Welcome back'],
          ['forgot-password', '/forgot-password', 'Reset your password'],
          ['reset-password', '/reset-password?token=nope', /./],
        ] as const) {
          await page.goto(`${setup.app.url}${path}`);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await expectNoOverflow(page, `the ${name} page`, size);
          await shoot(page, name, size);
        }
        await context.close();
      });
    });
  }
});
