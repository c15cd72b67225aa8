import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, noDailyRewardMessage, type ClientOptions } from './index.js';
import { rejection, UUID_V4 } from './test/expectations.js';
import { BASE_URL, CONFIG_ID, fakeRuntime, NEXT_DAY, SDK_KEY } from './test/fake-runtime.js';

function setup(options: Partial<ClientOptions> = {}) {
  const runtime = fakeRuntime();
  const client = createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, fetch: runtime.fetch, ...options });
  return { runtime, client };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('signs in with the SDK key, the player and the device’s time zone, then sends the token on every call', async () => {
    const { runtime, client } = setup();
    const session = await client.signIn('player-42', { attributes: { level: 3, platform: 'Web' } });

    expect(runtime.calls[0]).toMatchObject({
      method: 'POST',
      path: '/sessions',
      body: {
        sdkKey: SDK_KEY,
        playerId: 'player-42',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        attributes: { level: 3, platform: 'Web' },
      },
    });
    expect(client.session).toEqual(session);
    expect(session.player.playerId).toBe('player-42');

    const rewards = await client.dailyRewards.list();
    expect(rewards.map((reward) => reward.configId)).toEqual([CONFIG_ID]);
    expect(runtime.calls[1]?.headers.Authorization).toBe(`Bearer ${session.token}`);
  });

  it('reads the list with why it is empty, and says it in a sentence', async () => {
    const runtime = fakeRuntime();
    const client = createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, fetch: runtime.fetch });
    await client.signIn('player-42');
    const full = await client.dailyRewards.read();
    expect([full.dailyRewards.length, full.reason, full.nextStartsAt]).toEqual([1, null, null]);
    expect(noDailyRewardMessage(full)).toBe('');
    runtime.listNothing({ reason: 'not_scheduled', nextStartsAt: '2030-04-01T00:00:00.000Z' });
    const empty = await client.dailyRewards.read();
    expect(empty).toEqual({ dailyRewards: [], reason: 'not_scheduled', nextStartsAt: '2030-04-01T00:00:00.000Z' });
    expect(await client.dailyRewards.list()).toEqual([]);
    expect(noDailyRewardMessage(empty, (iso) => iso.slice(0, 10))).toBe(
      'No daily reward is running now: the next one starts 2030-04-01.',
    );
    expect(noDailyRewardMessage({ reason: 'not_scheduled', nextStartsAt: null })).toBe(
      'No daily reward is running now, and none is scheduled to start.',
    );
  });

  it('takes the time zone it is given over the device’s', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42', { timeZone: 'Asia/Tokyo' });
    expect(runtime.calls[0]?.body).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('accepts the base URL with a trailing slash', async () => {
    const { runtime, client } = setup({ baseUrl: `${BASE_URL}/` });
    await client.signIn('player-42');
    await client.inventory.get();
    expect(runtime.calls.map((call) => call.path)).toEqual(['/sessions', '/inventory']);
  });

  it('refuses a call before any sign-in without sending it', async () => {
    const { runtime, client } = setup();
    const error = await rejection(client.inventory.get());
    expect(error).toMatchObject({ status: 0, code: 'not_signed_in' });
    expect(runtime.calls).toHaveLength(0);
  });

  it('lets a call made while the sign-in is under way wait for it', async () => {
    const { runtime, client } = setup();
    const signingIn = client.signIn('player-42');
    const inventory = await client.inventory.get();
    expect(inventory.balances[0]).toMatchObject({ itemId: 'coin', amount: 100 });
    expect(runtime.calls[1]?.headers.Authorization).toBe(`Bearer ${(await signingIn).token}`);
  });

  it('asks a player-signature function on every sign-in, the renewals included', async () => {
    const { runtime, client } = setup();
    let signatures = 0;
    await client.signIn('player-42', { playerSignature: () => `1900000000.sig${++signatures}` });
    runtime.expireTokens();
    await client.inventory.get();
    expect(runtime.callsTo('POST', '/sessions').map((call) => call.body)).toMatchObject([
      { playerSignature: '1900000000.sig1' },
      { playerSignature: '1900000000.sig2' },
    ]);
  });

  it('throws the server’s error for an unknown SDK key', async () => {
    const { client } = setup({ sdkKey: 'CSDK-NOTAKEY000000000' });
    const error = await rejection(client.signIn('player-42'));
    expect(error).toMatchObject({ status: 401, code: 'sdk_key_unknown' });
    expect(error.message).toMatch(/SDK key names no game/);
  });

  it('refuses a base URL that is not an http(s) address, and a missing SDK key', () => {
    expect(() => createClient({ baseUrl: 'dash.example/v1', sdkKey: SDK_KEY })).toThrow(/baseUrl must be/);
    expect(() => createClient({ baseUrl: `${BASE_URL}?x=1`, sdkKey: SDK_KEY })).toThrow(/baseUrl must be/);
    expect(() => createClient({ baseUrl: BASE_URL, sdkKey: '' })).toThrow(/sdkKey/);
    expect(() => createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, retry: { maxAttempts: 0 } })).toThrow(
      /retry.maxAttempts/,
    );
  });
});

describe('renewing the token', () => {
  it('signs in again with the same arguments when the token is refused, then makes the call again', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42', { timeZone: 'Europe/Berlin', attributes: { level: 7 } });
    runtime.expireTokens();

    const inventory = await client.inventory.get();

    expect(inventory.balances).toHaveLength(1);
    const signIns = runtime.callsTo('POST', '/sessions');
    expect(signIns).toHaveLength(2);
    expect(signIns[1]?.body).toEqual(signIns[0]?.body);
    const [refused, retried] = runtime.callsTo('GET', '/inventory');
    expect(refused?.headers.Authorization).not.toBe(retried?.headers.Authorization);
    expect(client.session?.token).toBe(retried?.headers.Authorization?.slice('Bearer '.length));
  });

  it('signs in once for several calls refused at the same time', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    runtime.expireTokens();
    await Promise.all([client.inventory.get(), client.dailyRewards.list(), client.inventory.ledger()]);
    expect(runtime.callsTo('POST', '/sessions')).toHaveLength(2);
  });

  it('renews only once per call: a token refused again is the caller’s error', async () => {
    const runtime = fakeRuntime();
    const client = createClient({
      baseUrl: BASE_URL,
      sdkKey: SDK_KEY,
      fetch: async (url, init) =>
        url.endsWith('/sessions')
          ? runtime.fetch(url, init)
          : new Response(JSON.stringify({ code: 'invalid_token', message: 'Token refused.' }), { status: 401 }),
    });
    await client.signIn('player-42');
    const error = await rejection(client.inventory.get());
    expect(error).toMatchObject({ status: 401, code: 'invalid_token', message: 'Token refused.' });
    expect(runtime.callsTo('POST', '/sessions')).toHaveLength(2);
  });

  it('does not sign in again for a 401 that is not about the token', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    runtime.script({ status: 401, body: { code: 'signature_invalid', message: 'Signature expired.' } });
    const error = await rejection(client.inventory.get());
    expect(error.code).toBe('signature_invalid');
    expect(runtime.callsTo('POST', '/sessions')).toHaveLength(1);
  });
});

describe('claiming', () => {
  it('claims with a new random Idempotency-Key and answers the server’s claim', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    const result = await client.dailyRewards.claim(CONFIG_ID);
    expect(result).toMatchObject({ day: 1, packId: 'coins', granted: [{ itemId: 'coin', quantity: 50 }] });
    expect(result.dailyReward.claimable).toBe(false);
    const [claim] = runtime.callsTo('POST', `/daily-rewards/${CONFIG_ID}/claim`);
    expect(claim?.headers['Idempotency-Key']).toMatch(UUID_V4);
  });

  it('sends the same Idempotency-Key on every retry of one claim, so it grants once', async () => {
    const runtime = fakeRuntime();
    // The first try's answer is lost on the way back, after the server granted; then a proxy answers 503.
    let lost = false;
    const client = createClient({
      baseUrl: BASE_URL,
      sdkKey: SDK_KEY,
      retry: { baseDelayMs: 0 },
      fetch: async (url, init) => {
        const answer = await runtime.fetch(url, init);
        if (url.endsWith('/claim') && !lost) {
          lost = true;
          runtime.script({ status: 503, text: 'Service Unavailable' });
          throw new TypeError('connection reset');
        }
        return answer;
      },
    });
    await client.signIn('player-42');
    const result = await client.dailyRewards.claim(CONFIG_ID);

    const tries = runtime.callsTo('POST', `/daily-rewards/${CONFIG_ID}/claim`);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((call) => call.headers['Idempotency-Key'])).size).toBe(1);
    expect(runtime.grants()).toBe(1);
    expect(result.granted).toEqual([{ itemId: 'coin', key: 'coin', quantity: 50 }]);
  });

  it('keeps the Idempotency-Key across 503s and a token renewal', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { runtime, client } = setup({ retry: { baseDelayMs: 0 } });
    await client.signIn('player-42');
    runtime.expireTokens();
    runtime.script({ status: 503, body: { code: 'unavailable', message: 'Busy.' } });
    await client.dailyRewards.claim(CONFIG_ID);
    const tries = runtime.callsTo('POST', `/daily-rewards/${CONFIG_ID}/claim`);
    // 503, then 401 (the expired token), then the claim after signing in again.
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((call) => call.headers['Idempotency-Key'])).size).toBe(1);
    expect(runtime.grants()).toBe(1);
  });

  it('uses a new key for a new claim, and a second claim the same day is already_claimed with nextClaimAt', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    await client.dailyRewards.claim(CONFIG_ID);
    const error = await rejection(client.dailyRewards.claim(CONFIG_ID));
    expect(error).toMatchObject({ status: 409, code: 'already_claimed', nextClaimAt: NEXT_DAY });
    expect(error.message).toMatch(/already claimed/);
    const keys = runtime.callsTo('POST', `/daily-rewards/${CONFIG_ID}/claim`).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(runtime.grants()).toBe(1);
  });

  it('sends the Idempotency-Key it is given', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    await client.dailyRewards.claim(CONFIG_ID, { idempotencyKey: 'my-own-key-1' });
    expect(runtime.calls[runtime.calls.length - 1]?.headers['Idempotency-Key']).toBe('my-own-key-1');
  });

  it('puts the config id in the path encoded', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    const error = await rejection(client.dailyRewards.claim('a/b c'));
    expect(runtime.calls[runtime.calls.length - 1]?.path).toBe('/daily-rewards/a%2Fb%20c/claim');
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('retries', () => {
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  it('waits what Retry-After says after a 429, then tries again', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    vi.useFakeTimers();
    runtime.script({
      status: 429,
      body: { code: 'rate_limited', message: 'Slow down.' },
      headers: { 'Retry-After': '2' },
    });

    const inventory = client.inventory.get();
    await vi.advanceTimersByTimeAsync(1999);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(2);
    await expect(inventory).resolves.toMatchObject({ balances: [{ itemId: 'coin' }] });
  });

  it('backs off exponentially on network failures and gives up after maxAttempts', async () => {
    const { runtime, client } = setup({ retry: { maxAttempts: 3, baseDelayMs: 400 } });
    await client.signIn('player-42');
    vi.useFakeTimers();
    runtime.script('network', 'network', 'network');

    const inventory = rejection(client.inventory.get());
    await vi.advanceTimersByTimeAsync(0);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(1);
    // Equal jitter with random() = 0: half of 400 ms, then half of 800 ms.
    await vi.advanceTimersByTimeAsync(199);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(3);

    const error = await inventory;
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each([502, 503, 504])('tries again after a %i', async (status) => {
    const { runtime, client } = setup({ retry: { baseDelayMs: 0 } });
    await client.signIn('player-42');
    runtime.script({ status, text: '<html>Bad gateway</html>' });
    await expect(client.dailyRewards.list()).resolves.toHaveLength(1);
    expect(runtime.callsTo('GET', '/daily-rewards')).toHaveLength(2);
  });

  it.each([
    [400, 'validation_error'],
    [403, 'game_disabled'],
    [404, 'not_found'],
    [409, 'already_claimed'],
    [500, 'internal'],
  ])('never tries a %i again', async (status, code) => {
    const { runtime, client } = setup({ retry: { baseDelayMs: 0 } });
    await client.signIn('player-42');
    runtime.script({ status, body: { code, message: `Refused with ${code}.` } });
    const error = await rejection(client.dailyRewards.claim(CONFIG_ID));
    expect(error).toMatchObject({ status, code, message: `Refused with ${code}.` });
    expect(runtime.callsTo('POST', `/daily-rewards/${CONFIG_ID}/claim`)).toHaveLength(1);
    expect(runtime.grants()).toBe(0);
  });

  it('maps a validation error with its issues', async () => {
    const { runtime, client } = setup();
    runtime.script({
      status: 400,
      body: {
        code: 'validation_error',
        message: 'The request is not valid.',
        issues: [{ path: 'timeZone', message: 'Unknown time zone.' }],
      },
    });
    const error = await rejection(client.signIn('player-42', { timeZone: 'Mars/Olympus' }));
    expect(error).toMatchObject({
      name: 'LiveOpsError',
      status: 400,
      code: 'validation_error',
      issues: [{ path: 'timeZone', message: 'Unknown time zone.' }],
    });
  });

  it('gives up at once when Retry-After is longer than maxDelayMs, saying how long to wait', async () => {
    const { runtime, client } = setup({ retry: { maxDelayMs: 10_000 } });
    runtime.script({
      status: 429,
      body: { code: 'rate_limited', message: 'Slow down.' },
      headers: { 'Retry-After': '60' },
    });
    const error = await rejection(client.signIn('player-42'));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 60_000 });
    expect(runtime.calls).toHaveLength(1);
  });

  it('gives a 429 without a body the code rate_limited', async () => {
    const { runtime, client } = setup({ retry: false });
    runtime.script({ status: 429 });
    const error = await rejection(client.signIn('player-42'));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.message).toMatch(/HTTP 429/);
  });

  it('counts a try with no answer within timeoutMs as a network failure', async () => {
    const calls: string[] = [];
    const client = createClient({
      baseUrl: BASE_URL,
      sdkKey: SDK_KEY,
      timeoutMs: 5000,
      retry: { maxAttempts: 2, baseDelayMs: 100 },
      fetch: (url) => {
        calls.push(url);
        return new Promise(() => undefined);
      },
    });
    vi.useFakeTimers();
    const error = rejection(client.signIn('player-42'));
    // 5000 ms without an answer, then a backoff of 50 ms (half of 100 with random() = 0).
    await vi.advanceTimersByTimeAsync(5049);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await error).toMatchObject({ code: 'network_error', message: expect.stringMatching(/within 5000 ms/) });
  });

  it('stops at once when the call’s signal is aborted, and does not try again', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    vi.useFakeTimers();
    runtime.script('network');
    const controller = new AbortController();
    const error = rejection(client.inventory.get({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await error).toMatchObject({ status: 0, code: 'aborted' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runtime.callsTo('GET', '/inventory')).toHaveLength(1);
  });

  it('refuses a 2xx answer that is not JSON', async () => {
    const { runtime, client } = setup();
    runtime.script({ status: 200, text: '<!doctype html><title>Dashboard</title>' });
    const error = await rejection(client.signIn('player-42'));
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });
});

describe('the wallet', () => {
  it('reads the balances and pages the ledger with limit and before', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    const inventory = await client.inventory.get();
    expect(inventory.balances).toEqual([{ itemId: 'coin', key: 'coin', name: 'Coin', type: 'currency', amount: 100 }]);
    const ledger = await client.inventory.ledger({ limit: 50, before: '120' });
    expect(runtime.calls[runtime.calls.length - 1]?.path).toBe('/inventory/ledger?limit=50&before=120');
    expect(ledger.entries[0]).toMatchObject({ reason: 'base_amount', amount: 100 });
    await client.inventory.ledger();
    expect(runtime.calls[runtime.calls.length - 1]?.path).toBe('/inventory/ledger');
  });
});

describe('outside a browser', () => {
  it('refuses showDailyRewards where there is no document', async () => {
    const { client } = setup();
    await client.signIn('player-42');
    const error = await rejection(client.showDailyRewards(CONFIG_ID));
    expect(error).toMatchObject({ status: 0, code: 'no_document' });
  });
});
