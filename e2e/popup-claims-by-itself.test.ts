import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { AnalyticsResponse } from '@liveops/domain/analytics';
import type { Game } from '@liveops/domain/games';
import type { ClaimResponse, DailyRewardState } from '@liveops/domain/runtime-api';
import { decodePopupSession, type PublishedPageMessage } from '@liveops/domain/published';
import { useBrowserAndApp } from './support/lifecycle';
import { everyDayAPack, sendingAs } from './support/publishable';
import { signedUpVisitor } from './support/visitor';
import { runtimeCall } from './support/runtime';

/**
 * Decision 036: the published page opened from the runtime's popupUrl claims by itself. A studio
 * publishes a game through the API; a game signs players in on the real runtime, takes each one's popupUrl and
 * frames it in its own page (another origin) that collects what the popup tells it.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let sdkKey = '';
let analytics: (configId: string) => Promise<AnalyticsResponse>;
beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  const { visitor } = await signedUpVisitor(setup.app.url, setup.app.smtp, 'popup-claims');
  const send = sendingAs(visitor);
  const game = (await send('POST', '/api/games', {
    name: 'Popup Claims',
    description: 'A game whose popup claims by itself',
    platforms: ['Web'],
  })) as Game;
  const config = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
    id: string;
  };
  await everyDayAPack(send, game.id, [config.id]);
  const published = await visitor.send('POST', `/api/games/${game.id}/releases`, {});
  expect(published.status).toBe(200);
  sdkKey = game.sdkKey;
  analytics = async (configId) => {
    const answer = await visitor.send('GET', `/api/games/${game.id}/analytics?configId=${configId}`);
    expect(answer.status).toBe(200);
    return answer.body as AnalyticsResponse;
  };
});

/** A call to the runtime as a game makes it (e2e/support/runtime.ts), on this file's server. */
const runtime = <T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) =>
  runtimeCall<T>(setup.app.url, method, path, token, body);

/** A new player of the game, signed in: their token and their one daily reward's state (with its popupUrl). */
async function newPlayer(name: string) {
  const playerId = `${name}-${Date.now()}`;
  const { token } = await runtime<{ token: string }>('POST', '/sessions', null, { sdkKey, playerId, timeZone: 'UTC' });
  const state = async () => {
    const { dailyRewards } = await runtime<{ dailyRewards: DailyRewardState[] }>('GET', '/daily-rewards', token);
    expect(dailyRewards).toHaveLength(1);
    return dailyRewards[0]!;
  };
  return { token, state };
}

/** A plain static server (a game's own page, a CDN): what a test puts at each path. */
async function staticServer(files: Record<string, { body: string | Buffer; type: string }>) {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, files };
}

/** The game's page: the popup framed full size, and every message the popup posts to it, kept in order. */
const GAME_PAGE = `<!doctype html><meta charset="utf-8"><title>Game</title>
<style>html,body{margin:0;height:100%;background:#000}iframe{display:block;border:0;width:100%;height:100%}</style>
<iframe id="popup" title="Daily rewards"></iframe>
<script>
window.messages = [];
addEventListener('message', (event) => {
  if (event.source === document.getElementById('popup').contentWindow) window.messages.push(event.data);
});
</script>`;

/**
 * A browser page of `size` showing the game's page, which frames `popupUrl`. Problems are console errors but the
 * expected ones (Chromium logs a refused claim's status as one).
 */
async function openInGame(popupUrl: string, size: { width: number; height: number }, expected: RegExp[] = []) {
  const host = await staticServer({ '/game.html': { body: GAME_PAGE, type: 'text/html; charset=utf-8' } });
  const context = await setup.browser.newContext({ viewport: size });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The game's page has no favicon; anything else logged as an error (a policy violation is one) is a problem.
    const text = message.text();
    if (
      message.type() === 'error' &&
      ![/favicon|Failed to load resource.*404/, ...expected].some((p) => p.test(text))
    ) {
      problems.push(text);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const claims: string[] = [];
  const events: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/claim')) claims.push(request.url());
    if (request.method() === 'POST' && request.url().endsWith('/v1/events')) events.push(request.postDataJSON());
  });
  await page.goto(`${host.url}/game.html`);
  await page.evaluate((url) => ((document.getElementById('popup') as HTMLIFrameElement).src = url), popupUrl);
  const popup = await framed(page);
  const messages = () => page.evaluate(() => (window as unknown as { messages: PublishedPageMessage[] }).messages);
  await expect.poll(async () => (await messages()).map((message) => message.type)).toContain('ready');
  return { page, popup, messages, problems, claims, events };
}

async function framed(page: Page): Promise<Frame> {
  await page.locator('#popup').waitFor();
  const frame = await (await page.$('#popup'))!.contentFrame();
  if (!frame) throw new Error('the game page has no popup frame');
  await frame.locator('[data-bind="claim"]').waitFor();
  return frame;
}

const claimButton = (popup: Frame) => popup.locator('[data-bind="claim"]');
const dayState = (popup: Frame, day: number) => popup.locator(`[data-day="${day}"]`).getAttribute('data-day-state');

describe('the published popup opened from popupUrl (decision 036)', () => {
  it("claims by itself once, shows today claimed, and tells the game claim with the runtime's answer; a stale popupUrl is refused as already claimed", async () => {
    const player = await newPlayer('phone');
    const before = await player.state();
    expect(before).toMatchObject({ day: 1, streak: 0, claimable: true });
    expect(decodePopupSession(new URL(before.popupUrl!).hash)).toMatchObject({ day: 1, claimable: true });
    const { page, popup, messages, problems, claims } = await openInGame(before.popupUrl!, PHONE);

    expect(await dayState(popup, 1)).toBe('today');
    await expect.poll(() => claimButton(popup).textContent()).toBe('Claim Reward');
    await page.screenshot({ path: `${SHOTS}/popup-url-before-390.png` });

    // A double tap: one claim.
    await claimButton(popup).dblclick();
    await expect
      .poll(() => claimButton(popup).textContent())
      .toMatch(/^Next reward in \d+\u00a0(h|min)(\u00a0\d+\u00a0min)?$/);
    expect(await claimButton(popup).isDisabled()).toBe(true);
    expect(await dayState(popup, 1)).toBe('claimed');
    expect(await popup.locator('[data-day="1"] .cb-day-check').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/popup-url-claimed-390.png` });
    expect(claims).toHaveLength(1);

    const claim = (await messages()).find((message) => message.type === 'claim');
    expect(claim?.payload).toMatchObject({ configId: before.configId, day: 1, packId: before.pack!.id });
    const result = (claim!.payload as { result: ClaimResponse }).result;
    expect(result).toMatchObject({ day: 1, packId: before.pack!.id, dailyReward: { claimable: false, streak: 1 } });
    expect(result.granted).toEqual([
      { itemId: before.pack!.contents[0]!.itemId, key: before.pack!.contents[0]!.key, quantity: 5 },
    ]);
    // What the game hears is what the runtime keeps: the wallet (base amount 1, then 5) and the state.
    const wallet = await runtime<{ balances: { itemId: string; key: string | null; amount: number }[] }>(
      'GET',
      '/inventory',
      player.token,
    );
    expect(wallet.balances.map(({ itemId, key, amount }) => ({ itemId, key, amount }))).toEqual(result.balances);
    expect(result.balances).toEqual([
      { itemId: before.pack!.contents[0]!.itemId, key: before.pack!.contents[0]!.key, amount: 6 },
    ]);
    const after = await player.state();
    expect(after).toMatchObject({ day: 1, streak: 1, claimable: false, nextClaimAt: result.dailyReward.nextClaimAt });

    // The first popupUrl again (its session still says claimable): the runtime refuses, the page shows it.
    const stale = await openInGame(before.popupUrl!, PHONE, [/status of 409/]);
    expect(await dayState(stale.popup, 1)).toBe('today');
    await claimButton(stale.popup).click();
    await expect
      .poll(() => claimButton(stale.popup).textContent())
      .toMatch(/^Next reward in \d+\u00a0(h|min)(\u00a0\d+\u00a0min)?$/);
    expect(await dayState(stale.popup, 1)).toBe('claimed');
    const failed = (await stale.messages()).find((message) => message.type === 'claim_failed');
    expect(failed?.payload).toMatchObject({
      configId: before.configId,
      day: 1,
      code: 'already_claimed',
      status: 409,
      nextClaimAt: result.dailyReward.nextClaimAt,
    });
    expect((await stale.messages()).map((message) => message.type)).not.toContain('claim');
    await stale.page.screenshot({ path: `${SHOTS}/popup-url-refused-390.png` });

    // A new popupUrl for today: drawn claimed from the start, nothing to tap.
    const again = await openInGame(after.popupUrl!, PHONE);
    expect(await dayState(again.popup, 1)).toBe('claimed');
    expect(await claimButton(again.popup).isDisabled()).toBe(true);
    expect(await claimButton(again.popup).textContent()).toMatch(
      /^Next reward in \d+\u00a0(h|min)(\u00a0\d+\u00a0min)?$/,
    );
    await again.page.screenshot({ path: `${SHOTS}/popup-url-already-claimed-390.png` });
    await claimButton(again.popup).click({ force: true });
    expect(again.claims).toHaveLength(0);

    const ledger = await runtime<{ entries: { reason: string }[] }>('GET', '/inventory/ledger', player.token);
    expect(ledger.entries.filter((entry) => entry.reason === 'daily_reward')).toHaveLength(1);
    expect([...problems, ...stale.problems, ...again.problems]).toEqual([]);
  });

  it('claims from a copy on another origin than the runtime (a CDN), whose only policy is the one it carries', async () => {
    const player = await newPlayer('desktop');
    const before = await player.state();
    const published = new URL(before.popupUrl!);
    const served = await fetch(new URL(published.pathname, setup.app.url));
    // Publishing wrote the runtime's origin into the page's own policy, and /files sends the same policy.
    const connect = `connect-src 'self' ${new URL(setup.app.url).origin}`;
    expect(served.headers.get('content-security-policy')).toContain(`${connect};`);
    const html = Buffer.from(await served.arrayBuffer());
    expect(html.toString('utf8')).toContain(`${connect};`);
    const cdn = await staticServer({ [published.pathname]: { body: html, type: 'text/html; charset=utf-8' } });
    const onCdn = `${cdn.url}${published.pathname}${published.search}${published.hash}`;
    const { page, popup, messages, problems } = await openInGame(onCdn, DESKTOP);
    await page.screenshot({ path: `${SHOTS}/popup-url-before-1440.png` });

    await claimButton(popup).click();
    await expect
      .poll(() => claimButton(popup).textContent())
      .toMatch(/^Next reward in \d+\u00a0(h|min)(\u00a0\d+\u00a0min)?$/);
    expect(await dayState(popup, 1)).toBe('claimed');
    await page.screenshot({ path: `${SHOTS}/popup-url-claimed-1440.png` });
    const claim = (await messages()).find((message) => message.type === 'claim');
    expect(claim?.payload).toMatchObject({ result: { day: 1, dailyReward: { streak: 1, claimable: false } } });
    expect(await player.state()).toMatchObject({ streak: 1, claimable: false });

    const again = await openInGame((await player.state()).popupUrl!, DESKTOP);
    expect(await dayState(again.popup, 1)).toBe('claimed');
    expect(await claimButton(again.popup).isDisabled()).toBe(true);
    await again.page.screenshot({ path: `${SHOTS}/popup-url-already-claimed-1440.png` });
    // Closed from the CDN's origin: a keepalive request with a CORS preflight reaches the runtime.
    const closedBefore = (await analytics(before.configId)).days.at(-1)!.closed;
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await analytics(before.configId)).days.at(-1)!.closed).toBe(closedBefore + 1);
    expect([...problems, ...again.problems]).toEqual([]);
  });

  it('shows why a claim granted nothing and arms the button again: a token the runtime refuses', async () => {
    const player = await newPlayer('expired');
    const url = new URL((await player.state()).popupUrl!);
    const session = decodePopupSession(url.hash)!;
    // The session's token with a broken signature is refused as an expired one is: the page says so, the game hears it.
    const forged = { ...session, token: `${session.token.slice(0, -4)}AAAA` };
    const bytes = new TextEncoder().encode(JSON.stringify(forged));
    url.hash = `liveops=${Buffer.from(bytes).toString('base64url')}`;
    const { page, popup, messages, problems } = await openInGame(url.toString(), PHONE, [/status of 401/]);
    await claimButton(popup).click();
    await popup.getByRole('alert').waitFor();
    expect(await popup.getByRole('alert').textContent()).toBe('This popup has expired. Close it and open it again.');
    expect(await claimButton(popup).isDisabled()).toBe(false);
    expect(await claimButton(popup).textContent()).toBe('Claim Reward');
    expect(await dayState(popup, 1)).toBe('today');
    const failed = (await messages()).find((message) => message.type === 'claim_failed');
    expect(failed?.payload).toMatchObject({ code: 'invalid_token', status: 401 });
    await page.screenshot({ path: `${SHOTS}/popup-url-error-390.png` });
    expect(await player.state()).toMatchObject({ streak: 0, claimable: true });
    // The message leaves the close button it asks for uncovered: a click on a covered one would fail.
    await popup.getByRole('button', { name: 'Close' }).click({ timeout: 5000 });
    await expect.poll(async () => (await messages()).at(-1)?.type).toBe('close');
    expect(problems).toEqual([]);
  });

  it('reports shown once the popup is seen and closed when the player closes it, counted once on the studio’s figures (decision 044)', async () => {
    const player = await newPlayer('reports');
    const state = await player.state();
    const today = () => analytics(state.configId).then(({ days }) => days.at(-1)!);
    const before = await today();
    const { popup, messages, problems, events } = await openInGame(state.popupUrl!, PHONE);
    const types = () => events.flatMap((batch) => (batch as { events: { type: string }[] }).events.map((e) => e.type));
    await expect.poll(types).toEqual(['shown']);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await messages()).at(-1)?.type).toBe('close');
    await expect.poll(types).toEqual(['shown', 'closed']);
    const sent = events.flatMap((batch) => (batch as { events: { id: string; configId: string }[] }).events);
    expect(sent.map((event) => event.configId)).toEqual([state.configId, state.configId]);
    expect(new Set(sent.map((event) => event.id)).size).toBe(2);
    await expect.poll(today).toMatchObject({ shown: before.shown + 1, closed: before.closed + 1 });
    // The same popupUrl opened again: the same player, so the day's figures stay.
    const again = await openInGame(state.popupUrl!, PHONE);
    await expect.poll(() => again.events.length).toBe(1);
    expect(await today()).toMatchObject({ shown: before.shown + 1, closed: before.closed + 1 });
    expect([...problems, ...again.problems]).toEqual([]);
  });
});
