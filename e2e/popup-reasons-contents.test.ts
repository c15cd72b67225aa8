import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { Game } from '@liveops/domain/games';
import type { DailyRewardState } from '@liveops/domain/runtime-api';
import { startExampleServer } from '../docs/examples/sdk-web-game/serve.mjs';
import { useBrowserAndApp } from './support/lifecycle';
import { sendingAs } from './support/publishable';
import { runtimeCall } from './support/runtime';
import { signedUpVisitor } from './support/visitor';

/**
 * Decision 052, in Chromium against the real server: the example game says why a player
 * has no daily reward (a config targeted at a segment they are not in); the published popup shows day 7's pack of
 * two items by its contents, inside its card, in portrait and landscape; and a popup reloaded after its claim
 * shows today claimed.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const SMALL_LANDSCAPE = { width: 568, height: 320 };
const NEXT_REWARD = /^Next reward in \d+\u00a0(h|min)(\u00a0\d+\u00a0min)?$/;
const POLL = { timeout: 20_000 };

let send: ReturnType<typeof sendingAs>;
let game: Game;
let targetedGame: Game;
let example: { server: Server; url: string };

beforeAll(async () => {
  if (!existsSync(new URL('../packages/sdk/dist/index.js', import.meta.url))) {
    throw new Error('packages/sdk/dist is missing: run npm run build first.');
  }
  await mkdir(SHOTS, { recursive: true });
  example = await startExampleServer();
  const { visitor } = await signedUpVisitor(setup.app.url, setup.app.smtp, 'popup-reasons');
  send = sendingAs(visitor);
  game = (await send('POST', '/api/games', { name: 'Pack Harbor', description: 'Packs', platforms: ['Web'] })) as Game;
  const gold = (await send('POST', `/api/games/${game.id}/items`, {
    name: 'Gold',
    type: 'currency',
    value: 0.01,
    baseAmount: 1,
    iconId: 'coin',
  })) as { id: string };
  const gem = (await send('POST', `/api/games/${game.id}/items`, {
    name: 'Gem',
    type: 'currency',
    value: 1,
    baseAmount: 1,
    iconId: 'gem',
  })) as { id: string };
  const pouch = (await send('POST', `/api/games/${game.id}/packs`, {
    name: '100 Gold',
    contents: [{ itemId: gold.id, quantity: 100 }],
    iconId: 'coin',
  })) as { id: string };
  const chest = (await send('POST', `/api/games/${game.id}/packs`, {
    name: '500 Gold + 10 Gem',
    contents: [
      { itemId: gold.id, quantity: 500 },
      { itemId: gem.id, quantity: 10 },
    ],
    iconId: 'gift',
  })) as { id: string };
  const config = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
    id: string;
  };
  await send('PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, {
    cycleDays: 7,
    rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: i === 6 ? chest.id : pouch.id })),
  });
  await send('POST', `/api/games/${game.id}/releases`, {});

  // A second game whose only daily reward is for a segment the test's player is not in.
  targetedGame = (await send('POST', '/api/games', {
    name: 'VIP Harbor',
    description: 'Targeted',
    platforms: ['Web'],
  })) as Game;
  const vipGold = (await send('POST', `/api/games/${targetedGame.id}/items`, {
    name: 'Gold',
    type: 'currency',
    value: 1,
    baseAmount: 5,
  })) as { id: string };
  const vipPack = (await send('POST', `/api/games/${targetedGame.id}/packs`, {
    name: 'VIP Gold',
    contents: [{ itemId: vipGold.id, quantity: 50 }],
    iconId: 'crown',
  })) as { id: string };
  const vips = (await send('POST', `/api/games/${targetedGame.id}/segments`, {
    name: 'Whales',
    expression: 'player.sessionCount > 1000',
  })) as { id: string };
  const vipConfig = (await send('POST', `/api/games/${targetedGame.id}/daily-rewards`, { name: 'VIP Week' })) as {
    id: string;
  };
  await send('PATCH', `/api/games/${targetedGame.id}/daily-rewards/${vipConfig.id}`, {
    cycleDays: 7,
    rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: vipPack.id })),
  });
  const targeted = await visitor.send('PUT', `/api/games/${targetedGame.id}/daily-rewards/${vipConfig.id}/targeting`, {
    segmentId: vips.id,
    startsAt: null,
    endsAt: null,
    priority: 0,
  });
  expect(targeted.status).toBe(200);
  await send('POST', `/api/games/${targetedGame.id}/releases`, {});
});

afterAll(async () => {
  await new Promise<void>((resolve) => (example ? example.server.close(() => resolve()) : resolve()));
});

/** A new player of `of`, signed in through the runtime: their one daily reward's state, with its popupUrl. */
async function popupUrlOf(of: Game, name: string): Promise<string> {
  const playerId = `${name}-${Date.now()}`;
  const { token } = await runtimeCall<{ token: string }>(setup.app.url, 'POST', '/sessions', null, {
    sdkKey: of.sdkKey,
    playerId,
    timeZone: 'UTC',
  });
  const { dailyRewards } = await runtimeCall<{ dailyRewards: DailyRewardState[] }>(
    setup.app.url,
    'GET',
    '/daily-rewards',
    token,
  );
  expect(dailyRewards).toHaveLength(1);
  return dailyRewards[0]!.popupUrl!;
}

async function newPage(size: { width: number; height: number }) {
  const context = await setup.browser.newContext({ viewport: size });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Where day 7's card and its amount sit, and whether anything runs past the screen's or the card's edge. */
const finalCardFit = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector<HTMLElement>('[data-day="7"]')!;
    const amount = card.querySelector<HTMLElement>('[data-node-id$="-amount"]')!;
    const c = card.getBoundingClientRect();
    const a = amount.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(amount);
    const t = range.getBoundingClientRect();
    return {
      text: amount.textContent,
      lines: Math.round(t.height / parseFloat(getComputedStyle(amount).lineHeight || '20')),
      insideCard:
        a.left >= c.left - 0.5 && a.right <= c.right + 0.5 && t.left >= c.left - 0.5 && t.right <= c.right + 0.5,
      textInsideAmount: t.left >= a.left - 0.5 && t.right <= a.right + 0.5,
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });

describe('why no daily reward, pack contents and the claimed state on reload (decision 052)', () => {
  it('the example game says the player is not targeted, not that nothing is published', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 });
    const query = new URLSearchParams({
      baseUrl: `${setup.app.url}/v1`,
      sdkKey: targetedGame.sdkKey,
      playerId: `minnow-${Date.now()}`,
    });
    await page.goto(`${example.url}?${query.toString()}`);
    await page.locator('body[data-state="ready"]').waitFor();
    expect(await page.locator('#status').textContent()).toBe(
      'No daily reward is for this player now: the live daily rewards are for other player segments.',
    );
    expect(await page.locator('#status').textContent()).not.toContain('publish one');
    expect(await page.locator('[data-config-id]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/popup-reasons-not-targeted-1280.png` });
    expect(problems).toEqual([]);
  });

  it('shows day 7’s two items by their contents inside the card, at 390 px portrait and in landscape', async () => {
    const portrait = await newPage(PHONE);
    await portrait.page.goto(await popupUrlOf(game, 'contents-portrait'));
    await portrait.page.locator('[data-bind="claim"]').waitFor();
    const fit = await finalCardFit(portrait.page);
    expect(fit).toMatchObject({
      text: '🪙\u00a0500 +\u00a0💎\u00a010',
      insideCard: true,
      textInsideAmount: true,
      sideways: false,
    });
    await portrait.page.screenshot({ path: `${SHOTS}/popup-contents-390.png` });

    // The same game turned landscape and published again: its days in one row, each card narrow.
    await send('PATCH', `/api/games/${game.id}/orientation`, { orientation: 'landscape' });
    await send('POST', `/api/games/${game.id}/releases`, {});
    onTestFinished(async () => {
      await send('PATCH', `/api/games/${game.id}/orientation`, { orientation: 'portrait' });
      await send('POST', `/api/games/${game.id}/releases`, {});
    });
    for (const size of [LANDSCAPE, SMALL_LANDSCAPE]) {
      const landscape = await newPage(size);
      await landscape.page.goto(await popupUrlOf(game, `contents-${size.width}`));
      await landscape.page.locator('[data-bind="claim"]').waitFor();
      const wide = await finalCardFit(landscape.page);
      expect(wide, `${size.width}×${size.height}`).toMatchObject({
        text: '🪙\u00a0500 +\u00a0💎\u00a010',
        insideCard: true,
        textInsideAmount: true,
        sideways: false,
      });
      await landscape.page.screenshot({ path: `${SHOTS}/popup-contents-${size.width}x${size.height}.png` });
      expect(landscape.problems).toEqual([]);
    }
    expect(portrait.problems).toEqual([]);
  });

  it('a popup reloaded after its claim, or its popupUrl opened again, shows today claimed', async () => {
    const popupUrl = await popupUrlOf(game, 'reload');
    const { context, page, problems } = await newPage(PHONE);
    await page.goto(popupUrl);
    const claim = page.locator('[data-bind="claim"]');
    await claim.waitFor();
    expect(await claim.textContent()).toBe('Claim Reward');
    const claims: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/claim')) claims.push(request.url());
    });
    await claim.click();
    await expect.poll(() => claim.textContent(), POLL).toMatch(NEXT_REWARD);

    await page.reload();
    await page.locator('[data-bind="claim"]').waitFor();
    await expect.poll(() => page.locator('[data-bind="claim"]').getAttribute('data-claim-state'), POLL).toBe('claimed');
    expect(await page.locator('[data-bind="claim"]').textContent()).toMatch(NEXT_REWARD);
    expect(await page.locator('[data-bind="claim"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-day="1"]').getAttribute('data-day-state')).toBe('claimed');
    await page.screenshot({ path: `${SHOTS}/popup-reloaded-claimed-390.png` });

    // The game opens the very popupUrl it was given again, in a new page of the same web view.
    const again = await context.newPage();
    await again.goto(popupUrl);
    await again.locator('[data-bind="claim"]').waitFor();
    await expect
      .poll(() => again.locator('[data-bind="claim"]').getAttribute('data-claim-state'), POLL)
      .toBe('claimed');
    expect(await again.locator('[data-bind="claim"]').textContent()).toMatch(NEXT_REWARD);
    // Nothing was tapped twice: one claim went to the runtime.
    expect(claims).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
