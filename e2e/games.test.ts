import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GAME_MESSAGES, SDK_KEY_PATTERN } from '@liveops/domain/games';
import { launchChromium } from '@liveops/testing/browser';
import { signedInContext } from './support/accounts';
import { startApp, type RunningApp } from './support/app';

let browser: Browser;
let app: RunningApp;

beforeAll(async () => {
  // Enough sign-ups for every test here from one address within a minute.
  [browser, app] = await Promise.all([launchChromium(), startApp({ env: { AUTH_RATE_LIMIT_MAX: '50' } })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function createGameInUi(page: Page, name: string, platforms: string[] = ['iOS']) {
  await page.getByRole('button', { name: '+ Create New Game' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill(`${name} is a game.`);
  for (const platform of platforms) await dialog.getByRole('button', { name: platform, exact: true }).click();
  await dialog.getByRole('button', { name: 'Create Game' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.game-card', { hasText: name }).waitFor();
}

describe('games', () => {
  it('creates a game, copies its SDK key with the toast, and opens its workspace', async () => {
    const { context } = await signedInContext(browser, app, 'games');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByText(GAME_MESSAGES.empty).waitFor();

    await createGameInUi(page, 'Star Miner', ['iOS', 'Android']);
    const card = page.locator('.game-card', { hasText: 'Star Miner' });
    expect(await card.locator('.chip').allTextContents()).toEqual(['Android', 'iOS']);
    expect(await card.getByText('active').count()).toBe(1);
    const key = (await card.locator('.sdk-key-value').textContent()) ?? '';
    expect(key).toMatch(SDK_KEY_PATTERN);

    await card.getByRole('button', { name: /Copy SDK key/ }).click();
    const toast = page.getByText(GAME_MESSAGES.sdkKeyCopied);
    await toast.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    expect(page.url()).toBe(`${app.url}/dashboard`);

    await card.click();
    await page.waitForURL(/\/dashboard\/game\/[\w-]+$/);
    await page.getByRole('heading', { name: 'Game Profile' }).waitFor();
    expect(await page.locator('.sdk-key-value').textContent()).toBe(key);
    await context.close();
  });

  it('switches tabs by sidebar and by URL, keeping the tab in the URL for back and deep links', async () => {
    const { context } = await signedInContext(browser, app, 'tabs');
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await createGameInUi(page, 'Tab Game');
    await page
      .locator('.game-card', { hasText: 'Tab Game' })
      .getByRole('button', { name: /workspace/ })
      .click();
    await page.waitForURL(/\/dashboard\/game\/[\w-]+$/);
    const base = page.url();

    await page.getByRole('link', { name: 'Assets' }).click();
    await page.waitForURL(`${base}/assets`);
    await page.getByRole('heading', { name: 'Assets' }).waitFor();
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL(`${base}/inventory`);
    await page.goBack();
    await page.waitForURL(`${base}/assets`);
    expect(await page.getByRole('link', { name: 'Assets' }).getAttribute('aria-current')).toBe('page');

    await page.goto(`${base}/segments`);
    await page.getByRole('heading', { name: 'Player Segments' }).waitFor();
    expect(await page.getByRole('link', { name: 'Player Segments' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${base}/offers`);
    await page.getByText(GAME_MESSAGES.comingSoon).waitFor();
    expect(await page.getByRole('button', { name: /Offers/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Events/ }).isDisabled()).toBe(true);
    // They come last, after the tools in use (decision 056).
    const sections = await page
      .getByRole('navigation', { name: 'Workspace sections' })
      .locator('a, button')
      .allTextContents();
    expect(sections.slice(-5)).toEqual([
      'Daily Rewards',
      'Analytics',
      'Players',
      'OffersComing Soon',
      'EventsComing Soon',
    ]);
    // Publish Packs opens its modal from any tab.
    await page.getByRole('button', { name: 'Publish Packs' }).click();
    await page.getByRole('dialog', { name: 'Publish Resource Packs' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Publish Resource Packs' }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: '← Back to Dashboard' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto(`${app.url}/dashboard/game`);
    await page.waitForURL(base);
    await context.close();
  });

  it('updates orientation and theme with the 3-second flash, and keeps them', async () => {
    const { context } = await signedInContext(browser, app, 'profile');
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await createGameInUi(page, 'Profile Game');
    await page.locator('.game-card', { hasText: 'Profile Game' }).click();
    await page.getByRole('heading', { name: 'Game Profile' }).waitFor();

    expect(await page.getByLabel('Orientation').inputValue()).toBe('portrait');
    await page.getByLabel('Orientation').selectOption('landscape');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const flash = page.getByText(GAME_MESSAGES.updated);
    await flash.waitFor();
    const shownAt = Date.now();
    await flash.waitFor({ state: 'detached', timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    await page.getByLabel('Primary Color', { exact: true }).fill('#ff0000');
    await page.getByRole('button', { name: 'Update Theme' }).click();
    await page.getByText(GAME_MESSAGES.updated).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Game Profile' }).waitFor();
    expect(await page.getByLabel('Orientation').inputValue()).toBe('landscape');
    expect(await page.getByLabel('Primary Color', { exact: true }).inputValue()).toBe('#FF0000');
    await context.close();
  });

  it('shows a change made in one open page in another without a reload', async () => {
    const { context } = await signedInContext(browser, app, 'live');
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${app.url}/dashboard`);
    await second.goto(`${app.url}/dashboard`);
    await second.getByText(GAME_MESSAGES.empty).waitFor();

    await createGameInUi(first, 'Live Game');
    await second.locator('.game-card', { hasText: 'Live Game' }).waitFor({ timeout: 5000 });

    await first.locator('.game-card', { hasText: 'Live Game' }).click();
    await first.getByRole('heading', { name: 'Game Profile' }).waitFor();
    await second.goto(first.url());
    await second.getByRole('heading', { name: 'Game Profile' }).waitFor();
    await first.getByLabel('Orientation').selectOption('landscape');
    await first.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => second.getByLabel('Orientation').inputValue(), { timeout: 5000 }).toBe('landscape');
    expect(await second.getByText(GAME_MESSAGES.updated).count()).toBe(0);
    await context.close();
  });

  it('answers another owner\'s game with "Game not found."', async () => {
    const alice = await signedInContext(browser, app, 'alice');
    const page = await alice.context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await createGameInUi(page, 'Private Game');
    await page.locator('.game-card', { hasText: 'Private Game' }).click();
    await page.waitForURL(/\/dashboard\/game\/[\w-]+$/);
    const url = page.url();

    const bob = await signedInContext(browser, app, 'bob');
    const bobsPage = await bob.context.newPage();
    await bobsPage.goto(url);
    await bobsPage.getByText(GAME_MESSAGES.notFound).waitFor();
    expect(await bobsPage.getByText('Private Game').count()).toBe(0);

    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(url);
    await visitor.waitForURL(`${app.url}/login`);
    await Promise.all([alice.context.close(), bob.context.close(), anonymous.close()]);
  });
});
