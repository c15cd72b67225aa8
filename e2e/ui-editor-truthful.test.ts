import { mkdir } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { UI_EDITOR_MESSAGES as M } from '@liveops/domain/layout';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';

// Decision 028: the editor opens clean on what the popup shows, Properties says what
// renders and why, an explicit value wins everywhere, and a landscape game opens on a landscape screen.
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const PREVIEW = 'iframe[title="Layout preview"]';
const EMULATED = 'iframe[title="Daily reward preview"]';
const PRIMARY = '#3366FF';

async function send(context: BrowserContext, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    data,
    headers: { origin: setup.app.url },
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { id: string; uiLayout: unknown; layoutVersion: number };
}

/** A solid red PNG of this size: an asset whose aspect ratio the editor can keep. */
function redPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signed-in account with a game themed PRIMARY, a pack on every day of a config that has no layout yet. */
async function uncustomisedConfig(prefix: string, orientation: 'portrait' | 'landscape' = 'portrait') {
  const { context } = await signedInContext(setup.browser, setup.app, prefix);
  const game = await createGameViaApi(context, setup.app, 'Truthful Game');
  const base = `/api/games/${game.id}`;
  await send(context, 'PATCH', `${base}/theme`, { theme: { primaryColor: PRIMARY, secondaryColor: '#021031' } });
  if (orientation === 'landscape') await send(context, 'PATCH', `${base}/orientation`, { orientation });
  const gold = await send(context, 'POST', `${base}/items`, {
    name: 'Gold',
    type: 'currency',
    value: 1,
    baseAmount: 1,
  });
  const starter = await send(context, 'POST', `${base}/packs`, {
    name: 'Starter Pack',
    contents: [{ itemId: gold.id, quantity: 2 }],
    iconId: 'gift',
  });
  const config = await send(context, 'POST', `${base}/daily-rewards`, { name: 'Week One' });
  await send(context, 'PATCH', `${base}/daily-rewards/${config.id}`, {
    cycleDays: 7,
    rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: starter.id })),
  });
  return { context, game, configId: config.id, base };
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/ui-editor-truthful-${name}.png`, fullPage: true });
}

/** What a popup renders, node by node: its id, its own text (texts and buttons) and its image. */
const rendered = (frame: FrameLocator) =>
  frame.locator('[data-node-id]').evaluateAll((nodes) =>
    nodes.map((node) => ({
      id: node.getAttribute('data-node-id'),
      text: node.classList.contains('cb-text') || node.tagName === 'BUTTON' ? node.textContent : null,
      image: node.getAttribute('src'),
    })),
  );

const tree = (page: Page) => page.getByRole('tree', { name: 'Components' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
const status = (page: Page) => page.locator('.ui-editor-status');
const cssColor = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('the UI editor shows what will render', () => {
  it('opens a config never customised clean, on the default layout the emulator shows, and can still save it', async () => {
    const { context, game, configId } = await uncustomisedConfig('truthful-open');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    await page.goto(`${setup.app.url}/ui-editor/daily_rewards/${configId}`);
    const preview = page.frameLocator(PREVIEW);
    await preview.getByText('Daily Bonus').waitFor();

    // Clean: the default layout, nothing unsaved; Save is offered and says what it does.
    await expect.poll(() => status(page).textContent()).toBe(M.defaultLayout);
    expect(await page.getByText(M.unsaved).count()).toBe(0);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(false);
    expect(await save.getAttribute('title')).toBe(M.saveDefaultTitle);
    // The editor uses the width of the screen: the preview is the widest column.
    const previewBox = await page.locator('.ui-editor-preview').boundingBox();
    expect(previewBox!.width / 1440).toBeGreaterThan(0.45);
    await shoot(page, 'default-1440');
    expect(await seriousViolations(page)).toEqual([]);

    // The emulator shows the same layout, node for node.
    const emulator = await context.newPage();
    await emulator.setViewportSize({ width: 1440, height: 900 });
    await emulator.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?config=${configId}`);
    const emulated = emulator.frameLocator(EMULATED);
    await emulated.getByText('Daily Bonus').waitFor();
    const inEditor = await rendered(preview);
    expect(inEditor.length).toBeGreaterThan(20);
    expect(await rendered(emulated)).toEqual(inEditor);
    await emulator.close();

    // An edit makes it dirty; undoing it is clean again.
    await item(page, 'Header Title').click();
    await page.getByLabel('Text', { exact: true }).fill('Welcome');
    await page.getByLabel('Text', { exact: true }).press('Enter');
    await preview.getByText('Welcome').waitFor();
    await expect.poll(() => status(page).textContent()).toBe(M.unsaved);
    await page.getByRole('button', { name: 'Undo' }).click();
    await preview.getByText('Daily Bonus').waitFor();
    await expect.poll(() => status(page).textContent()).toBe(M.defaultLayout);

    // Leaving a clean editor asks nothing.
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL(`**/dashboard/game/${game.id}/daily-rewards`);
    await page.goBack();
    await preview.getByText('Daily Bonus').waitFor();

    // Saving the untouched default stores it as the config's own layout.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 40_000 }).toBe('');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    const stored = await context.request.get(`${setup.app.url}/api/daily-rewards/${configId}`);
    const body = (await stored.json()) as { uiLayout: { id: string } | null };
    expect(body.uiLayout?.id).toBe('dr-screen');

    await page.setViewportSize({ width: 390, height: 844 });
    await preview.getByText('Daily Bonus').waitFor();
    // On a phone the columns stack and nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'default-390');
    expect(errors).toEqual([]);
  });

  it('renders a day image set to an asset and a colour set on a node, saying what renders and why', async () => {
    const { context, game, configId, base } = await uncustomisedConfig('truthful-bound');
    const upload = await context.request.post(`${setup.app.url}${base}/assets`, {
      multipart: {
        name: 'Banner',
        assetId: 'banner',
        file: { name: 'banner.png', mimeType: 'image/png', buffer: redPng(40, 20) },
      },
      headers: { origin: setup.app.url },
    });
    expect(upload.status()).toBe(201);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    await page.goto(`${setup.app.url}/ui-editor/daily_rewards/${configId}`);
    const preview = page.frameLocator(PREVIEW);
    await preview.getByText('Daily Bonus').waitFor();

    // The day's artwork: the pack's icon, and Properties says so.
    await item(page, 'Day 1 Artwork').click();
    await page.getByText(M.showsPackIcon('Starter Pack')).waitFor();
    const artwork = preview.locator('[data-node-id="dr-day-1-artwork"]');
    expect(await artwork.evaluate((el) => el.tagName)).toBe('DIV');
    // An asset picked for it is what renders, at the asset's aspect ratio (40×20 at width 48: 24 high).
    await page.getByLabel('Image asset').selectOption({ label: 'Banner (banner)' });
    await expect.poll(() => artwork.getAttribute('src')).toContain('banner');
    await expect.poll(() => page.getByLabel('Height', { exact: true }).inputValue()).toBe('24');
    await page.getByText(M.showsOwnImage).waitFor();
    await shoot(page, 'own-image-1440');

    // A colour from the game's theme: Properties shows the colour that renders and why.
    await item(page, 'Day 1 Amount').click();
    const amount = preview.locator('[data-node-id="dr-day-1-amount"]');
    const amountColor = () => amount.evaluate((el) => getComputedStyle(el).color);
    await expect.poll(amountColor).toBe(cssColor(PRIMARY));
    expect(await page.getByLabel('Color', { exact: true }).inputValue()).toBe(PRIMARY);
    await page.getByText(M.showsThemeColor(PRIMARY, M.themeColorNames.primary)).waitFor();
    await page.getByText(M.showsBoundText('×2', M.bindingNames['pack.amount'])).waitFor();
    // A colour set on the node wins, even the spec's accent the theme used to replace.
    await page.getByLabel('Color', { exact: true }).fill('#FFE16D');
    await page.getByLabel('Color', { exact: true }).press('Enter');
    await expect.poll(amountColor).toBe(cssColor('#FFE16D'));
    expect(await page.getByLabel('Color source').inputValue()).toBe('');
    // ...and following the theme again is one choice away.
    await page.getByLabel('Color source').selectOption({ label: "The game's primary colour" });
    await expect.poll(amountColor).toBe(cssColor(PRIMARY));
    await page.getByLabel('Color source').selectOption({ label: M.ownColor });
    await expect.poll(amountColor).toBe(cssColor(PRIMARY));
    await page.getByLabel('Color', { exact: true }).fill('#00FF00');
    await page.getByLabel('Color', { exact: true }).press('Enter');
    await expect.poll(amountColor).toBe('rgb(0, 255, 0)');
    await shoot(page, 'own-color-1440');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'own-color-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Saved, the emulator renders the same: the asset and the colour set.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 40_000 }).toBe('');
    const emulator = await context.newPage();
    await emulator.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?config=${configId}`);
    const emulated = emulator.frameLocator(EMULATED);
    await expect
      .poll(() => emulated.locator('[data-node-id="dr-day-1-artwork"]').getAttribute('src'))
      .toContain('banner');
    await expect
      .poll(() => emulated.locator('[data-node-id="dr-day-1-amount"]').evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(0, 255, 0)');
    // Day 2 still shows its pack (its artwork has no source of its own).
    expect(await emulated.locator('[data-node-id="dr-day-2-artwork"] [role="img"]').count()).toBe(1);
    // The embed page a game's web view opens renders the same.
    await emulator.goto(`${setup.app.url}/embed/daily_rewards?gameId=${game.id}&featureId=${configId}`);
    await expect
      .poll(() => emulator.locator('[data-node-id="dr-day-1-artwork"]').getAttribute('src'))
      .toContain('banner');
    await expect
      .poll(() => emulator.locator('[data-node-id="dr-day-1-amount"]').evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(0, 255, 0)');
    expect(errors).toEqual([]);
  });

  it('opens a landscape game on a landscape preset, with designer names, a keyboard tree and zoom', async () => {
    const { context, game, configId } = await uncustomisedConfig('truthful-landscape', 'landscape');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/ui-editor/daily_rewards/${configId}`);
    const preview = page.frameLocator(PREVIEW);
    await preview.getByText('Daily Bonus').waitFor();
    expect(await page.getByLabel('Preset').locator('option:checked').textContent()).toBe('Full HD 1920x1080');
    await expect.poll(() => status(page).textContent()).toBe(M.defaultLayout);

    // Names for designers; Clear says what it clears.
    expect(await page.getByLabel('Component type').locator('option').allTextContents()).toEqual([
      'Root',
      'Background',
      'Image',
      'Text',
      'Button',
      'Grid',
    ]);
    await item(page, 'Claim Button').click();
    await page.getByText(M.componentType('Button')).waitFor();
    expect(await page.getByLabel(M.nameInHierarchy).inputValue()).toBe('Claim Button');
    expect(await page.getByLabel('Text', { exact: true }).inputValue()).toBe('Claim Reward');
    expect(await page.getByLabel('Label', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: M.clearSelection }).click();
    expect(await tree(page).getByRole('treeitem', { selected: true }).count()).toBe(0);

    // The tree by keyboard: ↓ selects the next row, ← closes a branch and → opens it again.
    await item(page, 'Popup Frame').click();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => item(page, 'Header Banner').getAttribute('aria-selected')).toBe('true');
    expect(await item(page, 'Header Banner').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await item(page, 'Header Banner').getAttribute('aria-expanded')).toBe('false');
    expect(await item(page, 'Header Title').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await item(page, 'Header Title').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => item(page, 'Popup Frame').getAttribute('aria-selected')).toBe('true');

    // Zoom: 200 % shows the popup at twice a player's size, the stage scrolling.
    await page.getByLabel('Zoom').selectOption({ label: '200%' });
    await expect.poll(() => page.locator('.preview-stage').getAttribute('class')).toContain('is-zoomed');
    const canvas = await page.getByTestId('preview-canvas').boundingBox();
    // 1920×1080 at density 3 is 640×360 CSS pixels: 1280 wide at 200 %.
    expect(Math.round(canvas!.width)).toBe(1280);
    await shoot(page, 'landscape-zoom-1440');
    await page.getByLabel('Zoom').selectOption({ index: 0 });

    // The emulator opens landscape too.
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?config=${configId}`);
    await page.frameLocator(EMULATED).getByText('Daily Bonus').waitFor();
    expect(await page.getByLabel('Preset').locator('option:checked').textContent()).toBe('Full HD 1920x1080');
  });
});
