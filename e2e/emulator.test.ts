import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DAILY_REWARD_MESSAGES } from '@liveops/domain/daily-rewards';
import { decodeEmbedConfig, decodeEmbedConfigJson, EmbedConfigSchema } from '@liveops/domain/popup';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { collectProblems } from './support/studio';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const PREVIEW = 'iframe[title="Daily reward preview"]';

async function send(context: BrowserContext, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    data,
    headers: { origin: setup.app.url },
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** A signed-in account with a game, an item, two packs and a daily reward whose 7 days are all saved. */
async function gameWithDailyReward(prefix: string) {
  const { context } = await signedInContext(setup.browser, setup.app, prefix);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: setup.app.url });
  const game = await createGameViaApi(context, setup.app, 'Emulator Game');
  const base = `/api/games/${game.id}`;
  const gold = await send(context, 'POST', `${base}/items`, {
    name: 'Gold',
    type: 'currency',
    value: 0.5,
    baseAmount: 10,
  });
  const starter = await send(context, 'POST', `${base}/packs`, {
    name: 'Starter Pack',
    contents: [{ itemId: gold.id, quantity: 2 }],
    iconId: 'gift',
  });
  const mega = await send(context, 'POST', `${base}/packs`, {
    name: 'Mega Pack',
    contents: [{ itemId: gold.id, quantity: 20 }],
    iconId: 'gem',
  });
  const config = await send(context, 'POST', `${base}/daily-rewards`, { name: 'Week One' });
  await send(context, 'PATCH', `${base}/daily-rewards/${config.id}`, {
    cycleDays: 7,
    rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: day === 7 ? mega.id : starter.id })),
  });
  const embedConfig = await context.request.get(`${setup.app.url}${base}/daily-rewards/${config.id}/embed-config`);
  return {
    context,
    game,
    configId: config.id,
    expected: EmbedConfigSchema.parse(await embedConfig.json()),
  };
}

/** The day whose card is today in the preview's own document. */
async function today(page: Page) {
  const card = page.frameLocator(PREVIEW).locator('[data-day-state="today"]');
  await expect.poll(() => card.count()).toBe(1);
  return card.getAttribute('data-day');
}

/** A full-page screenshot from the top, once the toasts are gone (they would cover the preview). */
async function shoot(page: Page, name: string) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/emulator-${name}.png`, fullPage: true });
}

async function canvasBox(page: Page) {
  const box = await page.getByTestId('preview-canvas').boundingBox();
  if (!box) throw new Error('the preview canvas is not visible');
  return box;
}

describe('emulator', () => {
  it('previews a chosen config with a streak, plays the cycle, and gives its URL and init message', async () => {
    const { context, game, configId, expected } = await gameWithDailyReward('emulator');
    await send(context, 'POST', `/api/games/${game.id}/daily-rewards`, { name: 'Draft Week' });
    const page = await context.newPage();
    const errors = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator`);

    // Of several configs, nothing is previewed until one is chosen; the chosen one goes into the address.
    await page.getByText('Select a config to preview.').waitFor();
    expect(await page.locator(PREVIEW).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Config').selectOption({ label: 'Week One' });
    await page.waitForURL((url) => url.searchParams.get('config') === configId);

    const preview = page.frameLocator(PREVIEW);
    await preview.getByText('Daily Bonus').waitFor();
    await preview.getByRole('button', { name: 'Claim Reward' }).waitFor();
    // The popup renders in the iframe's own document, with the renderer's stylesheet and none of the dashboard's.
    const sheets = await preview
      .locator('html')
      .evaluate((html) =>
        Array.from(html.ownerDocument.styleSheets, (sheet) => Array.from(sheet.cssRules, (r) => r.cssText).join('')),
      );
    expect(sheets.join('')).toContain('.cb-view');
    expect(sheets.join('')).not.toContain('.workspace');
    expect(await today(page)).toBe('1');

    // Streak 3: days 1 to 3 are claimed and day 4 is today.
    await page.getByLabel('Streak').fill('3');
    expect(await today(page)).toBe('4');
    expect(await preview.locator('[data-day-state="claimed"]').count()).toBe(3);

    // Claim (the emulator's button, then the popup's own) moves today on; Next day breaks the streak; Reset.
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    expect(await today(page)).toBe('5');
    expect(await page.getByLabel('Streak').inputValue()).toBe('4');
    await preview.getByRole('button', { name: 'Claim Reward' }).click();
    expect(await today(page)).toBe('6');
    await page.getByRole('button', { name: 'Next day' }).click();
    expect(await today(page)).toBe('1');
    expect(await page.getByLabel('Streak').inputValue()).toBe('0');
    await page.getByLabel('Streak').fill('3');
    expect(await today(page)).toBe('4');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await today(page)).toBe('1');
    expect(await page.getByLabel('Today Index').inputValue()).toBe('');

    // A Today Index overrides the streak; blank goes back to the streak.
    await page.getByLabel('Streak').fill('2');
    await page.getByLabel('Today Index').fill('6');
    expect(await today(page)).toBe('6');

    // The cacheable URL: this origin's embed page, the config as base64url JSON, and the numbers given.
    const urlText = await page.getByLabel('Cacheable URL').inputValue();
    const url = new URL(urlText);
    expect(url.origin + url.pathname).toBe(`${setup.app.url}/embed/daily_rewards`);
    expect(url.searchParams.get('streak')).toBe('2');
    expect(url.searchParams.get('todayIndex')).toBe('6');
    expect(decodeEmbedConfig(url.searchParams.get('config'))).toEqual(expected);
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('URL copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(urlText);
    expect(await page.getByRole('link', { name: 'Open the URL in a new tab' }).getAttribute('href')).toBe(urlText);

    // The init message, pretty-printed, is what a host posts.
    await page.getByRole('button', { name: 'Copy init message' }).click();
    const message = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as unknown;
    expect(message).toEqual({
      source: 'CB_HOST',
      type: 'CB_INIT',
      payload: {
        featureType: 'daily_rewards',
        config: JSON.parse(JSON.stringify(expected)) as unknown,
        params: { streak: 2, todayIndex: 6 },
        v: 1,
      },
    });
    expect(await page.getByText('"source": "CB_HOST"').count()).toBe(1);

    // Preset and size: the default 1080x1920 portrait, a landscape preset turns the frame, a bad W reverts.
    await page.getByLabel('Today Index').fill('');
    expect(await page.getByLabel('Preset').inputValue()).not.toBe('');
    const portrait = await canvasBox(page);
    expect(portrait.height).toBeGreaterThan(portrait.width);
    expect(portrait.height / portrait.width).toBeCloseTo(1920 / 1080, 1);
    await shoot(page, 'desktop');
    await page.getByTestId('preview-canvas').screenshot({ path: `${SHOTS}/emulator-preview.png` });

    await page.getByLabel('Preset').selectOption({ label: 'Full HD 1920x1080' });
    expect(await page.getByLabel('Width (W)').inputValue()).toBe('1920');
    expect(await page.getByLabel('Height (H)').inputValue()).toBe('1080');
    await expect.poll(async () => (await canvasBox(page)).width > (await canvasBox(page)).height).toBe(true);
    const landscape = await canvasBox(page);
    expect(landscape.width / landscape.height).toBeCloseTo(1920 / 1080, 1);
    // Laid out at the CSS size a 1920×1080 phone gives a web view (density 3, decision 014), then scaled.
    expect(await page.locator(PREVIEW).evaluate((frame) => (frame as HTMLIFrameElement).style.width)).toBe('640px');

    await page.getByLabel('Width (W)').fill('0');
    await page.getByLabel('Width (W)').press('Enter');
    expect(await page.getByLabel('Width (W)').inputValue()).toBe('1920');
    await page.getByLabel('Width (W)').fill('1000');
    await page.getByLabel('Width (W)').blur();
    await expect.poll(async () => (await canvasBox(page)).width < (await canvasBox(page)).height).toBe(true);
    expect(await page.getByLabel('Preset').inputValue()).toBe('');
    await page.getByLabel('Preset').selectOption({ label: 'Full HD 1080x1920' });

    // The phone layout still fits the frame in the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await canvasBox(page)).width <= 390).toBe(true);
    await preview.getByText('Daily Bonus').waitFor();
    await shoot(page, 'phone');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('says what it made of a negative streak or a Today Index out of range, and hands out no owner id', async () => {
    const { context, game, configId } = await gameWithDailyReward('emulator-notes');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?config=${configId}`);
    await page.frameLocator(PREVIEW).getByText('Daily Bonus').waitFor();
    const streak = page.getByLabel('Streak');
    const todayIndex = page.getByLabel('Today Index');
    // What Today Index means is said beside it, and belongs to the field.
    await page.getByText(DAILY_REWARD_MESSAGES.todayIndexHelp).waitFor();
    expect(await todayIndex.getAttribute('aria-describedby')).toContain(
      await page.getByText(DAILY_REWARD_MESSAGES.todayIndexHelp).getAttribute('id'),
    );
    expect(await page.getByRole('status').filter({ hasText: /\S/ }).count()).toBe(0);

    await streak.fill('-3');
    const streakNote = page.getByText('Streak -3 is below 0: a streak of 0 is used.');
    await streakNote.waitFor();
    expect(await today(page)).toBe('1');
    expect(await streak.getAttribute('aria-describedby')).toContain(await streakNote.getAttribute('id'));

    await todayIndex.fill('9');
    const todayNote = page.getByText('Today Index 9 is beyond the 7 days: day 2 of the next cycle is shown.');
    await todayNote.waitFor();
    expect(await today(page)).toBe('2');
    // The input keeps what was typed: the note says what is used instead.
    expect(await todayIndex.inputValue()).toBe('9');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'notes-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await todayNote.waitFor();
    await shoot(page, 'notes-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await streak.fill('2');
    await todayIndex.fill('0');
    await page.getByText('Today Index 0 is below 1, so it is not used: today follows the streak (day 3).').waitFor();
    expect(await today(page)).toBe('3');
    await expect.poll(() => streakNote.count()).toBe(0);
    await todayIndex.fill('4');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /\S/ }).count()).toBe(0);

    // Neither the URL's config nor the init message names the owner's account (nor does config.json, decision 030).
    const url = new URL(await page.getByLabel('Cacheable URL').inputValue());
    const inUrl = decodeEmbedConfigJson(url.searchParams.get('config')) as Record<string, unknown>;
    expect(inUrl.gameId).toBe(game.id);
    expect(inUrl).not.toHaveProperty('ownerId');
    const messageText = await page.getByRole('region', { name: 'Init message (postMessage)' }).textContent();
    expect(messageText).toContain(game.id);
    expect(messageText).not.toContain('ownerId');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("previews a game's only config at once, its popup starting on the first screen (decision 056)", async () => {
    const { context, game, configId } = await gameWithDailyReward('emulator-only');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator`);
      await page.frameLocator(PREVIEW).getByText('Daily Bonus').waitFor();
      expect(await page.getByLabel('Feature').inputValue()).toBe('daily_rewards');
      expect(await page.getByLabel('Config').inputValue()).toBe(configId);
      expect(await page.getByText('Select a config to preview.').count()).toBe(0);
      await shoot(page, `only-config-${viewport.width}`);
      // On a desktop the popup's top third at least is on the first screen, before any scrolling (it started at
      // 703 px of 900 with the settings above it); on a phone the settings come first, one under the other.
      if (viewport.width > 1100) expect((await canvasBox(page)).y).toBeLessThan((viewport.height * 2) / 3);
      await page.close();
    }
    await context.close();
  });

  it('preselects the config named in the address and says "Select a feature." without a feature', async () => {
    const { context, game, configId } = await gameWithDailyReward('emulator-link');
    const page = await context.newPage();
    const errors = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?config=${configId}`);
    await page.frameLocator(PREVIEW).getByText('Daily Bonus').waitFor();
    expect(await page.getByLabel('Config').inputValue()).toBe(configId);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Feature').selectOption({ label: 'Select a feature' });
    await page.getByText('Select a feature.').waitFor();
    expect(await page.locator(PREVIEW).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the URL in a new tab, where the embed page shows the same popup', async () => {
    const { context, game, configId } = await gameWithDailyReward('emulator-open');
    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?config=${configId}`);
    await page.getByLabel('Streak').fill('3');
    await page.frameLocator(PREVIEW).locator('[data-day="4"][data-day-state="today"]').waitFor();
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open the URL in a new tab' }).click(),
    ]);
    const errors = collectProblems(opened);
    await opened.waitForLoadState();
    await opened.getByText('Daily Bonus').waitFor();
    await opened.getByRole('button', { name: 'Claim Reward' }).waitFor();
    expect(await opened.locator('[data-day="4"]').getAttribute('data-day-state')).toBe('today');
    expect(errors).toEqual([]);
    await context.close();
  });
});
