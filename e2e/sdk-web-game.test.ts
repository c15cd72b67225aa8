import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { Game } from '@liveops/domain/games';
import { startExampleServer } from '../docs/examples/sdk-web-game/serve.mjs';
import { useBrowserAndApp } from './support/lifecycle';
import { sendingAs } from './support/publishable';
import { signedUpVisitor } from './support/visitor';
import { runtimeCall } from './support/runtime';
import { collectProblems } from './support/studio';

/**
 * A studio publishes a 7-day daily reward through the real API and the built app;
 * the example web game (docs/examples/sdk-web-game, on the built @liveops/sdk, served by its own serve.mjs on
 * another origin) signs a player in, shows the published popup, and the popup claims on the runtime; a second
 * claim the same day is refused.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let example: { server: Server; url: string };
let sdkKey = '';
let configId = '';
let goldId = '';
let gemId = '';

beforeAll(async () => {
  // The example imports the built SDK, which the root build writes (global setup checks only the app's build).
  if (!existsSync(new URL('../packages/sdk/dist/index.js', import.meta.url))) {
    throw new Error('packages/sdk/dist is missing: run npm run build (or npm run build -w @liveops/sdk) first.');
  }
  await mkdir(SHOTS, { recursive: true });
  example = await startExampleServer();
  const { visitor } = await signedUpVisitor(setup.app.url, setup.app.smtp, 'sdk-web-game');
  const send = sendingAs(visitor);
  const game = (await send('POST', '/api/games', {
    name: 'Star Harbor',
    description: 'The SDK example game',
    platforms: ['Web'],
  })) as Game;
  sdkKey = game.sdkKey;
  const gold = (await send('POST', `/api/games/${game.id}/items`, {
    name: 'Gold',
    type: 'currency',
    value: 1,
    baseAmount: 100,
  })) as { id: string };
  const gems = (await send('POST', `/api/games/${game.id}/items`, {
    name: 'Gems',
    type: 'currency',
    value: 5,
    baseAmount: 3,
  })) as { id: string };
  goldId = gold.id;
  gemId = gems.id;
  const goldPack = (await send('POST', `/api/games/${game.id}/packs`, {
    name: 'Gold Pouch',
    contents: [{ itemId: gold.id, quantity: 50 }],
    iconId: 'coin',
  })) as { id: string };
  const gemChest = (await send('POST', `/api/games/${game.id}/packs`, {
    name: 'Gem Chest',
    contents: [
      { itemId: gems.id, quantity: 10 },
      { itemId: gold.id, quantity: 200 },
    ],
    iconId: 'gem',
  })) as { id: string };
  const config = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
    id: string;
  };
  configId = config.id;
  await send('PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, {
    cycleDays: 7,
    rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: i === 6 ? gemChest.id : goldPack.id })),
  });
  const published = await visitor.send('POST', `/api/games/${game.id}/releases`, {});
  expect(published.status, JSON.stringify(published.body)).toBe(200);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (example ? example.server.close(() => resolve()) : resolve()));
});

/** The example game in a new browser page of `size`, for `playerId`, once its menu is ready. */
async function openGame(playerId: string, size: { width: number; height: number }) {
  const context = await setup.browser.newContext({ viewport: size });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  const problems = collectProblems(page);
  const claims: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/claim')) claims.push(request.url());
  });
  const query = new URLSearchParams({ baseUrl: `${setup.app.url}/v1`, sdkKey, playerId });
  await page.goto(`${example.url}?${query.toString()}`);
  await page.locator('body[data-state="ready"]').waitFor();
  return { page, problems, claims };
}

const card = (page: Page) => page.locator(`[data-config-id="${configId}"]`);
const amountOf = (page: Page, itemId: string) =>
  page.locator(`#wallet [data-item-id="${itemId}"] .amount`).textContent();
const status = (page: Page) => page.locator('#status').textContent();

/** Presses the reward's button in the menu and waits for the popup's overlay to be shown: its frame. */
async function openPopup(page: Page): Promise<Frame> {
  await card(page).getByRole('button').click();
  const overlay = page.locator(`[data-liveops-daily-rewards="${configId}"]`);
  // Hidden (visibility: hidden) until the popup says ready.
  await overlay.waitFor({ state: 'visible' });
  expect(await overlay.getAttribute('aria-hidden')).toBeNull();
  const frame = await (await overlay.locator('iframe').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the overlay has no popup frame');
  await frame.locator('[data-bind="claim"]').waitFor();
  return frame;
}

const claimButton = (popup: Frame) => popup.locator('[data-bind="claim"]');
const dayState = (popup: Frame, day: number) => popup.locator(`[data-day="${day}"]`).getAttribute('data-day-state');
const NEXT_REWARD = /^Next reward in \d+\u00a0(h|min)(\u00a0\d+\u00a0min)?$/;
/** A claim crosses three servers: room for a busy machine (the default is 1 s). */
const POLL = { timeout: 20_000 };

describe('the example web game on the SDK', () => {
  it('signs a player in, shows the published popup, claims once on the runtime and updates the wallet; the next open shows today claimed', async () => {
    const playerId = `captain-${Date.now()}`;
    const { page, problems, claims } = await openGame(playerId, DESKTOP);
    // A new player holds each item's base amount; day 1 waits.
    expect(await page.locator('#player-id').textContent()).toBe(playerId);
    expect(await amountOf(page, goldId)).toBe('100');
    expect(await amountOf(page, gemId)).toBe('3');
    expect(await card(page).locator('.reward-name').textContent()).toBe('Launch Week');
    expect(await card(page).getByRole('button').textContent()).toBe('Collect day 1');
    expect(await card(page).locator('.today-pack').textContent()).toBe('Today: 50 × Gold');
    await page.screenshot({ path: `${SHOTS}/sdk-game-menu-1280.png` });

    const popup = await openPopup(page);
    expect(await dayState(popup, 1)).toBe('today');
    expect(await claimButton(popup).textContent()).toBe('Claim Reward');
    await page.screenshot({ path: `${SHOTS}/sdk-game-popup-1280.png` });

    await claimButton(popup).click();
    await expect.poll(() => claimButton(popup).textContent(), POLL).toMatch(NEXT_REWARD);
    expect(await claimButton(popup).isDisabled()).toBe(true);
    expect(await dayState(popup, 1)).toBe('claimed');
    // The game heard the runtime's answer through the SDK: its wallet and menu, behind the popup, show it.
    await expect.poll(() => status(page), POLL).toBe('Day 1 claimed: +50 Gold');
    expect(await amountOf(page, goldId)).toBe('150');
    expect(await amountOf(page, gemId)).toBe('3');
    await page.screenshot({ path: `${SHOTS}/sdk-game-claimed-1280.png` });
    expect(claims).toHaveLength(1);

    // Closed with its own button: the menu shows today done and when the next one comes.
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('[data-liveops-daily-rewards]').count(), POLL).toBe(0);
    expect(await card(page).getByRole('button').textContent()).toBe('View rewards');
    expect(await card(page).locator('.streak').textContent()).toBe('Streak 1');
    expect(await card(page).locator('.days li').first().textContent()).toBe('✓');
    expect(await card(page).locator('.when').textContent()).toMatch(/^Next reward in \d/);
    expect(await status(page)).toBe('Day 1 claimed: +50 Gold');
    await page.screenshot({ path: `${SHOTS}/sdk-game-after-1280.png` });

    // Opened again the same day: drawn claimed from the start, nothing to press.
    const again = await openPopup(page);
    expect(await dayState(again, 1)).toBe('claimed');
    expect(await claimButton(again).isDisabled()).toBe(true);
    expect(await claimButton(again).textContent()).toMatch(NEXT_REWARD);
    // The overlay holds the focus until the player moves into the popup: Escape closes it.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-liveops-daily-rewards]').count(), POLL).toBe(0);
    expect(claims).toHaveLength(1);

    // What the runtime keeps: one grant, the wallet the game showed.
    const runtime = await signIn(playerId);
    expect(await runtime.balance(goldId)).toBe(150);
    expect(await runtime.dailyRewardGrants()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('refuses a second claim the same day from another device: the popup shows today claimed and the menu says so', async () => {
    const playerId = `twin-${Date.now()}`;
    // The same player on a phone and on a desktop, each with the popup open on day 1.
    const phone = await openGame(playerId, PHONE);
    const desktop = await openGame(playerId, DESKTOP);
    const phonePopup = await openPopup(phone.page);
    const desktopPopup = await openPopup(desktop.page);
    await phone.page.screenshot({ path: `${SHOTS}/sdk-game-popup-390.png` });

    await claimButton(desktopPopup).click();
    await expect.poll(() => status(desktop.page), POLL).toBe('Day 1 claimed: +50 Gold');

    // The phone's popup still offers day 1; the runtime refuses it and the popup shows why.
    expect(await claimButton(phonePopup).textContent()).toBe('Claim Reward');
    await claimButton(phonePopup).click();
    await expect.poll(() => claimButton(phonePopup).textContent(), POLL).toMatch(NEXT_REWARD);
    expect(await dayState(phonePopup, 1)).toBe('claimed');
    expect(await claimButton(phonePopup).isDisabled()).toBe(true);
    await expect.poll(() => status(phone.page), POLL).toMatch(/^Already claimed today\. Next reward in \d/);
    // The phone's menu caught up with the server: the desktop's grant, and day 1 done.
    await expect.poll(() => amountOf(phone.page, goldId), POLL).toBe('150');
    expect(await card(phone.page).getByRole('button').textContent()).toBe('View rewards');
    await phone.page.screenshot({ path: `${SHOTS}/sdk-game-refused-390.png` });

    await phonePopup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => phone.page.locator('[data-liveops-daily-rewards]').count(), POLL).toBe(0);
    expect(await status(phone.page)).toMatch(/^Already claimed today\./);
    await phone.page.screenshot({ path: `${SHOTS}/sdk-game-after-refused-390.png` });

    expect(phone.claims).toHaveLength(1);
    expect(desktop.claims).toHaveLength(1);
    const runtime = await signIn(playerId);
    expect(await runtime.balance(goldId)).toBe(150);
    expect(await runtime.dailyRewardGrants()).toBe(1);
    // The refused claim was a 409: Chromium logs the failed request, and nothing else went wrong.
    expect(phone.problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
    expect(desktop.problems).toEqual([]);
  });
});

/** The runtime as a game's backend would read it: the player's balances and their daily-reward grants. */
async function signIn(playerId: string) {
  const call = <T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) =>
    runtimeCall<T>(setup.app.url, method, path, token, body);

  const { token } = await call<{ token: string }>('POST', '/sessions', null, { sdkKey, playerId });
  return {
    balance: async (itemId: string) => {
      const { balances } = await call<{ balances: { itemId: string; amount: number }[] }>('GET', '/inventory', token);
      return balances.find((balance) => balance.itemId === itemId)?.amount;
    },
    dailyRewardGrants: async () => {
      // Day 1's pack holds one item: one ledger entry per grant.
      const { entries } = await call<{ entries: { reason: string }[] }>('GET', '/inventory/ledger', token);
      return entries.filter((entry) => entry.reason === 'daily_reward').length;
    },
  };
}
