// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  LiveOpsError,
  type ClaimResult,
  type DailyRewardsOutcome,
  type ShowDailyRewardsOptions,
} from './index.js';
import { BASE_URL, CONFIG_ID, fakeRuntime, NEXT_DAY, POPUP_ORIGIN, SDK_KEY } from './test/fake-runtime.js';

const CLAIM_ANSWER: ClaimResult = {
  day: 1,
  packId: 'coins',
  packKey: 'coins',
  granted: [{ itemId: 'coin', key: 'coin', quantity: 50 }],
  balances: [{ itemId: 'coin', key: 'coin', amount: 150 }],
  dailyReward: {
    configId: CONFIG_ID,
    name: 'Launch Week',
    day: 1,
    streak: 1,
    claimable: false,
    nextClaimAt: NEXT_DAY,
    resetsAt: NEXT_DAY,
    dayStart: { kind: 'player_midnight' },
    missedDay: 'keep_progress',
    pack: null,
    targeting: null,
    popupUrl: null,
    variantId: null,
  },
};

function callbacks() {
  return {
    onReady: vi.fn<() => void>(),
    onClaim: vi.fn<(result: ClaimResult) => void>(),
    onClose: vi.fn<(outcome: DailyRewardsOutcome) => void>(),
    onError: vi.fn<(error: LiveOpsError) => void>(),
  };
}

/** Signs a player in and opens the popup; resolves once its frame is on the page. */
async function open(options: ShowDailyRewardsOptions = {}) {
  const runtime = fakeRuntime();
  const client = createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, fetch: runtime.fetch });
  await client.signIn('player-42');
  const outcome = client.showDailyRewards(CONFIG_ID, options);
  await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
  const overlay = document.querySelector<HTMLElement>('[data-liveops-daily-rewards]')!;
  const frame = overlay.querySelector('iframe')!;
  /** A message from the popup page, as its window posts it. */
  const post = (type: string, payload?: unknown, from: { origin?: string; source?: Window | null } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'CB_EMBED', type, ...(payload === undefined ? {} : { payload }) },
        origin: from.origin ?? POPUP_ORIGIN,
        source: from.source === undefined ? frame.contentWindow : from.source,
      }),
    );
  return { runtime, client, outcome, overlay, frame, post };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('showDailyRewards', () => {
  it('loads the player’s popupUrl in a full-viewport dialog that stays hidden until the page is ready', async () => {
    const on = callbacks();
    const { overlay, frame, post, runtime } = await open(on);

    expect(runtime.callsTo('GET', '/daily-rewards')).toHaveLength(1);
    expect(frame.src).toBe(
      `${POPUP_ORIGIN}/packs/g1/releases/3/daily_rewards/${CONFIG_ID}/daily_rewards.html?token=popup`,
    );
    expect(frame.title).toBe('Launch Week');
    expect(overlay.getAttribute('role')).toBe('dialog');
    expect(overlay.getAttribute('aria-modal')).toBe('true');
    expect(overlay.getAttribute('aria-label')).toBe('Launch Week');
    expect(overlay.style.position).toBe('fixed');
    expect(overlay.style.visibility).toBe('hidden');
    expect(overlay.getAttribute('aria-hidden')).toBe('true');

    post('loaded');
    expect(overlay.style.visibility).toBe('hidden');
    post('ready', { configId: CONFIG_ID, images: 1, imagesFailed: 0 });
    expect(overlay.style.visibility).toBe('visible');
    expect(overlay.hasAttribute('aria-hidden')).toBe(false);
    expect(document.activeElement).toBe(overlay);
    expect(on.onReady).toHaveBeenCalledTimes(1);
  });

  it('removes the popup on close, gives focus back and resolves with the claim the page made', async () => {
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const on = callbacks();
    const { overlay, post, outcome, runtime } = await open(on);
    post('ready', { configId: CONFIG_ID });

    post('claim', { configId: CONFIG_ID, day: 1, packId: 'coins', pack: { id: 'coins' }, result: CLAIM_ANSWER });
    expect(on.onClaim).toHaveBeenCalledWith(CLAIM_ANSWER);
    expect(overlay.isConnected).toBe(true);

    post('close', { configId: CONFIG_ID });
    const result = await outcome;
    expect(overlay.isConnected).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(result).toEqual({ reason: 'closed', claim: CLAIM_ANSWER, state: CLAIM_ANSWER.dailyReward, error: null });
    expect(on.onClose).toHaveBeenCalledWith(result);
    // The page claimed through the server itself: the SDK never claims.
    expect(runtime.calls.filter((call) => call.path.endsWith('/claim'))).toHaveLength(0);
    expect(runtime.grants()).toBe(0);
  });

  it('fires onClaim once, however many claim messages come', async () => {
    const on = callbacks();
    const { post } = await open(on);
    post('ready');
    post('claim', { configId: CONFIG_ID, result: CLAIM_ANSWER });
    post('claim', { configId: CONFIG_ID, result: CLAIM_ANSWER });
    expect(on.onClaim).toHaveBeenCalledTimes(1);
    expect(on.onClaim).toHaveBeenCalledWith(CLAIM_ANSWER);
  });

  it('reports a claim message without the server’s answer as an error and grants nothing itself', async () => {
    const on = callbacks();
    const { post, overlay, runtime } = await open(on);
    post('ready');
    post('claim', { configId: CONFIG_ID, day: 1, packId: 'coins', pack: null });
    expect(on.onClaim).not.toHaveBeenCalled();
    expect(on.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'claim_not_confirmed' }));
    expect(overlay.isConnected).toBe(true);
    expect(runtime.grants()).toBe(0);
  });

  it('reports a claim the server refused, leaving the popup open to show it', async () => {
    const on = callbacks();
    const { post, overlay } = await open(on);
    post('ready');
    post('claim_failed', {
      configId: CONFIG_ID,
      day: 1,
      code: 'already_claimed',
      message: 'Today’s reward was already claimed.',
      status: 409,
      nextClaimAt: NEXT_DAY,
    });
    expect(on.onClaim).not.toHaveBeenCalled();
    const error = on.onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(LiveOpsError);
    expect(error).toMatchObject({ status: 409, code: 'already_claimed', nextClaimAt: NEXT_DAY });
    expect(overlay.isConnected).toBe(true);
  });

  it('closes on Escape once shown', async () => {
    const on = callbacks();
    const { post, overlay, outcome } = await open(on);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(overlay.isConnected).toBe(true);

    post('ready');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(overlay.isConnected).toBe(true);
    overlay.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(overlay.isConnected).toBe(false);
    await expect(outcome).resolves.toMatchObject({ reason: 'closed', claim: null });
    expect(on.onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps focus inside the dialog while it is shown', async () => {
    const outside = document.body.appendChild(document.createElement('button'));
    const { post, overlay } = await open();
    post('ready');
    outside.focus();
    expect(document.activeElement).toBe(overlay);
  });

  it('ignores messages from another window or another origin', async () => {
    const on = callbacks();
    const { post, overlay } = await open(on);
    post('ready', undefined, { origin: 'https://evil.example' });
    post('ready', undefined, { source: window });
    post('close', undefined, { origin: 'https://evil.example' });
    expect(overlay.style.visibility).toBe('hidden');
    expect(overlay.isConnected).toBe(true);
    window.dispatchEvent(
      new MessageEvent('message', { data: { source: 'OTHER', type: 'close' }, origin: POPUP_ORIGIN }),
    );
    expect(overlay.isConnected).toBe(true);
    expect(on.onReady).not.toHaveBeenCalled();
  });

  it('removes the popup and reports the page’s error', async () => {
    const on = callbacks();
    const { post, overlay, outcome } = await open(on);
    post('error', { code: 'config_invalid', message: 'Its config is not a daily reward configuration.' });
    expect(overlay.isConnected).toBe(false);
    const error = on.onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(LiveOpsError);
    expect(error).toMatchObject({ status: 0, code: 'config_invalid' });
    await expect(outcome).resolves.toMatchObject({ reason: 'error', error });
    expect(on.onClose).toHaveBeenCalledTimes(1);
  });

  it('gives up on a popup that is never ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const on = callbacks();
    const { overlay, outcome } = await open({ ...on, readyTimeoutMs: 5000 });
    // open() waited for the frame with a few 50 ms steps of the fake clock (vi.waitFor advances it).
    await vi.advanceTimersByTimeAsync(4000);
    expect(overlay.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(overlay.isConnected).toBe(false);
    await expect(outcome).resolves.toMatchObject({ reason: 'error', error: { code: 'popup_timeout' } });
    expect(on.onError).toHaveBeenCalledTimes(1);
  });

  it('removes the popup when the signal is aborted', async () => {
    const controller = new AbortController();
    const { post, overlay, outcome } = await open({ signal: controller.signal });
    post('ready');
    controller.abort();
    expect(overlay.isConnected).toBe(false);
    await expect(outcome).resolves.toMatchObject({ reason: 'aborted' });
  });

  it('refuses a second popup while one is open', async () => {
    const { client, post, outcome } = await open();
    await expect(client.showDailyRewards(CONFIG_ID)).rejects.toMatchObject({ code: 'popup_open' });
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    post('close');
    await outcome;
  });

  it('rejects a daily reward the player does not have, without opening anything', async () => {
    const runtime = fakeRuntime();
    const client = createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, fetch: runtime.fetch });
    await client.signIn('player-42');
    await expect(client.showDailyRewards('dr_unknown')).rejects.toMatchObject({
      status: 0,
      code: 'config_not_found',
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('rejects with why the player has no daily reward at all, as the server said it, without opening anything', async () => {
    const runtime = fakeRuntime();
    const client = createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, fetch: runtime.fetch });
    await client.signIn('player-42');
    runtime.listNothing({ reason: 'not_targeted', nextStartsAt: null });
    await expect(client.showDailyRewards(CONFIG_ID)).rejects.toMatchObject({
      code: 'config_not_found',
      reason: 'not_targeted',
      nextStartsAt: null,
      message: 'No daily reward is for this player now: the live daily rewards are for other player segments.',
    });
    runtime.listNothing({ reason: 'not_scheduled', nextStartsAt: '2030-04-01T00:00:00.000Z' });
    const error = await client.showDailyRewards(CONFIG_ID).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'not_scheduled', nextStartsAt: '2030-04-01T00:00:00.000Z' });
    expect((error as LiveOpsError).message).toBe(
      `No daily reward is running now: the next one starts ${new Date('2030-04-01T00:00:00.000Z').toLocaleString()}.`,
    );
    runtime.listNothing({ reason: 'none_published', nextStartsAt: null });
    await expect(client.showDailyRewards(CONFIG_ID)).rejects.toMatchObject({
      reason: 'none_published',
      message: 'This game has no published daily reward yet: publish one in the dashboard.',
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('rejects a daily reward without a popup page', async () => {
    const runtime = fakeRuntime();
    const client = createClient({
      baseUrl: BASE_URL,
      sdkKey: SDK_KEY,
      fetch: async (url, init) =>
        url.endsWith('/daily-rewards')
          ? new Response(JSON.stringify({ dailyRewards: [{ ...CLAIM_ANSWER.dailyReward, popupUrl: null }] }))
          : runtime.fetch(url, init),
    });
    await client.signIn('player-42');
    await expect(client.showDailyRewards(CONFIG_ID)).rejects.toMatchObject({ code: 'popup_unavailable' });
    expect(document.querySelector('iframe')).toBeNull();
  });
});
