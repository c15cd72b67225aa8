import * as domain from '@liveops/domain/analytics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as bounds from './event-queue.js';
import { createClient, LiveOpsError, type ClientOptions, type TrackedEvent } from './index.js';
import { rejection, UUID_V4 } from './test/expectations.js';
import { BASE_URL, CONFIG_ID, fakeRuntime, SDK_KEY } from './test/fake-runtime.js';

function setup(options: Partial<ClientOptions> = {}) {
  const runtime = fakeRuntime();
  const dropped: { error: LiveOpsError; events: TrackedEvent[] }[] = [];
  const client = createClient({
    baseUrl: BASE_URL,
    sdkKey: SDK_KEY,
    fetch: runtime.fetch,
    retry: { baseDelayMs: 0 },
    ...options,
    events: { onError: (error, events) => dropped.push({ error, events }), ...options.events },
  });
  const batches = () =>
    runtime.callsTo('POST', '/events').map((call) => (call.body as { events: TrackedEvent[] }).events);
  return { runtime, client, dropped, batches };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('track and flush', () => {
  it("sends tracked events with the player's token, each with its id, config and the device's time", async () => {
    const { runtime, client, batches } = setup();
    const session = await client.signIn('player-42');
    const before = Date.now();
    const shown = client.track('shown', { configId: CONFIG_ID });
    const closed = client.track('closed', {
      configId: CONFIG_ID,
      properties: { button: 'x', seconds: 4, sound: false },
    });
    expect(shown).toMatch(UUID_V4);
    expect(closed).not.toBe(shown);
    expect(batches()).toEqual([]);

    await expect(client.flush()).resolves.toEqual({ accepted: 2, duplicates: 0 });
    const [call] = runtime.callsTo('POST', '/events');
    expect(call?.headers).toMatchObject({
      Authorization: `Bearer ${session.token}`,
      'Content-Type': 'application/json',
    });
    expect(batches()).toEqual([
      [
        { id: shown, type: 'shown', configId: CONFIG_ID, clientTime: expect.any(Number) as number },
        {
          id: closed,
          type: 'closed',
          configId: CONFIG_ID,
          clientTime: expect.any(Number) as number,
          properties: { button: 'x', seconds: 4, sound: false },
        },
      ],
    ]);
    expect(batches()[0]![0]!.clientTime).toBeGreaterThanOrEqual(before);
    // Nothing left: another flush sends nothing.
    await expect(client.flush()).resolves.toEqual({ accepted: 0, duplicates: 0 });
    expect(batches()).toHaveLength(1);
  });

  it('sends what was tracked once the flush interval has passed, and nothing while nothing waits', async () => {
    const { client, batches } = setup({ events: { flushIntervalMs: 5000 } });
    await client.signIn('player-42');
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(batches()).toHaveLength(0);
    client.track('shown', { configId: CONFIG_ID });
    await vi.advanceTimersByTimeAsync(4999);
    expect(batches()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches()).toHaveLength(1);
    client.track('closed', { configId: CONFIG_ID });
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches().map((batch) => batch.map((event) => event.type))).toEqual([['shown'], ['closed']]);
  });

  it('sends batches of at most 100, as soon as a full one waits, without waiting for the interval', async () => {
    const { client, batches } = setup();
    await client.signIn('player-42');
    vi.useFakeTimers();
    for (let i = 0; i < 99; i++) client.track('shown', { configId: CONFIG_ID });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches()).toHaveLength(0);
    client.track('shown', { configId: CONFIG_ID });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches().map((batch) => batch.length)).toEqual([100]);
    for (let i = 0; i < 150; i++) client.track('closed', { configId: CONFIG_ID });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches().map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(
      new Set(
        batches()
          .flat()
          .map((event) => event.id),
      ).size,
    ).toBe(250);
    await expect(client.flush()).resolves.toEqual({ accepted: 0, duplicates: 0 });
  });

  it('sends the same events again after a network failure, with the same ids, and the server counts them once', async () => {
    const { runtime, client, batches } = setup({ retry: false });
    await client.signIn('player-42');
    client.track('shown', { configId: CONFIG_ID });
    runtime.script('network');
    expect(await rejection(client.flush())).toMatchObject({ status: 0, code: 'network_error' });
    await expect(client.flush()).resolves.toEqual({ accepted: 1, duplicates: 0 });
    expect(batches()).toHaveLength(2);
    expect(batches()[1]).toEqual(batches()[0]);
  });

  it('retries a 429 with the backoff, and keeps a batch still refused for the next flush', async () => {
    const { runtime, client, batches, dropped } = setup({ retry: { maxAttempts: 2, baseDelayMs: 0 } });
    await client.signIn('player-42');
    client.track('closed', { configId: CONFIG_ID });
    const limited = {
      status: 429,
      body: { code: 'rate_limited', message: 'Slow down.' },
      headers: { 'Retry-After': '0' },
    };
    runtime.script(limited, limited);
    expect(await rejection(client.flush())).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(batches()).toHaveLength(2);
    runtime.script(limited);
    await expect(client.flush()).resolves.toEqual({ accepted: 1, duplicates: 0 });
    expect(new Set(batches().map((batch) => JSON.stringify(batch))).size).toBe(1);
    expect(dropped).toEqual([]);
  });

  it('sends a batch again when its answer was lost, and hears that the server had taken it', async () => {
    const runtime = fakeRuntime();
    let loseAnswer = true;
    const client = createClient({
      baseUrl: BASE_URL,
      sdkKey: SDK_KEY,
      retry: { baseDelayMs: 0 },
      fetch: async (url, init) => {
        const answer = await runtime.fetch(url, init);
        if (url.endsWith('/events') && loseAnswer) {
          loseAnswer = false;
          throw new TypeError('connection reset');
        }
        return answer;
      },
    });
    await client.signIn('player-42');
    client.track('shown', { configId: CONFIG_ID });
    await expect(client.flush()).resolves.toEqual({ accepted: 0, duplicates: 1 });
    const sent = runtime.callsTo('POST', '/events');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });

  it('drops a batch the server refuses, reports it, and sends the events tracked after it', async () => {
    const { runtime, client, batches, dropped } = setup();
    await client.signIn('player-42');
    const id = client.track('shown', { configId: CONFIG_ID });
    runtime.script({ status: 400, body: { code: 'validation_error', message: 'Unknown config.' } });
    expect(await rejection(client.flush())).toMatchObject({ status: 400, code: 'validation_error' });
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.error).toMatchObject({ status: 400, message: 'Unknown config.' });
    expect(dropped[0]!.events.map((event) => event.id)).toEqual([id]);
    await expect(client.flush()).resolves.toEqual({ accepted: 0, duplicates: 0 });
    expect(batches()).toHaveLength(1);
    client.track('closed', { configId: CONFIG_ID });
    await expect(client.flush()).resolves.toEqual({ accepted: 1, duplicates: 0 });
  });

  it('reports a refused batch of its own flushes through onError, never as an unhandled rejection', async () => {
    const { runtime, client, dropped } = setup({ events: { flushIntervalMs: 1000 } });
    await client.signIn('player-42');
    vi.useFakeTimers();
    client.track('shown', { configId: CONFIG_ID });
    runtime.script({ status: 403, body: { code: 'game_disabled', message: 'The game is disabled.' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(dropped.map(({ error }) => error.code)).toEqual(['game_disabled']);
  });

  it('keeps events tracked before the player signs in, and sends them with the token once signed in', async () => {
    const { runtime, client, batches } = setup();
    client.track('shown', { configId: CONFIG_ID });
    expect(await rejection(client.flush())).toMatchObject({ status: 0, code: 'not_signed_in' });
    expect(runtime.calls).toHaveLength(0);
    const session = await client.signIn('player-42');
    await expect(client.flush()).resolves.toEqual({ accepted: 1, duplicates: 0 });
    expect(runtime.callsTo('POST', '/events')[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);
    expect(batches()[0]).toHaveLength(1);
  });

  it('signs in again when the token has expired, and sends the batch with the new one', async () => {
    const { runtime, client } = setup();
    await client.signIn('player-42');
    runtime.expireTokens();
    client.track('shown', { configId: CONFIG_ID });
    await expect(client.flush()).resolves.toEqual({ accepted: 1, duplicates: 0 });
    expect(runtime.calls.map((call) => call.path)).toEqual(['/sessions', '/events', '/sessions', '/events']);
  });

  it('drops the oldest events past maxQueued and reports them', async () => {
    const { client, dropped } = setup({ events: { maxQueued: 100, flushIntervalMs: 60_000 } });
    // Not signed in: nothing can go, so the queue fills.
    const ids = Array.from({ length: 100 }, () => client.track('shown', { configId: CONFIG_ID }));
    await rejection(client.flush());
    expect(dropped).toEqual([]);
    client.track('closed', { configId: CONFIG_ID });
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.error).toMatchObject({ status: 0, code: 'events_dropped' });
    expect(dropped[0]!.events.map((event) => event.id)).toEqual([ids[0]]);
  });
});

describe('track refuses what the server would', () => {
  it.each([
    ['a server-recorded type', 'claimed', { configId: CONFIG_ID }, /"shown" or "closed"/],
    ['an empty configId', 'shown', { configId: '' }, /configId/],
    ['a configId with spaces around it', 'shown', { configId: ' padded ' }, /configId/],
    ['a configId of 65 characters', 'shown', { configId: 'x'.repeat(65) }, /configId/],
    ['a property name with a space', 'shown', { configId: CONFIG_ID, properties: { 'bad key': 1 } }, /properties/],
    ['a NaN property', 'shown', { configId: CONFIG_ID, properties: { n: Number.NaN } }, /properties/],
    ['a nested property', 'shown', { configId: CONFIG_ID, properties: { nested: { a: 1 } } }, /properties/],
    [
      'a property of 257 characters',
      'shown',
      { configId: CONFIG_ID, properties: { s: 'x'.repeat(257) } },
      /properties/,
    ],
    [
      'a property with a direction control',
      'shown',
      { configId: CONFIG_ID, properties: { s: 'a\u202eb' } },
      /properties/,
    ],
    [
      '21 properties',
      'shown',
      { configId: CONFIG_ID, properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 1])) },
      /properties/,
    ],
    [
      'an event over 2 KB',
      'shown',
      {
        configId: CONFIG_ID,
        properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'é'.repeat(200)])),
      },
      /2048 bytes/,
    ],
  ])('refuses %s with a TypeError, queueing nothing', async (_label, type, options, message) => {
    const { client, batches } = setup();
    await client.signIn('player-42');
    expect(() => client.track(type as 'shown', options as never)).toThrow(message);
    await client.flush();
    expect(batches()).toEqual([]);
  });

  it('takes the largest event the server takes', async () => {
    const { client } = setup();
    await client.signIn('player-42');
    const properties = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'x'.repeat(256)]));
    client.track('shown', { configId: CONFIG_ID, properties });
    await expect(client.flush()).resolves.toEqual({ accepted: 1, duplicates: 0 });
  });

  it("keeps the runtime's bounds", () => {
    expect(bounds.EVENT_BATCH_MAX_EVENTS).toBe(domain.EVENT_BATCH_MAX_EVENTS);
    expect(bounds.EVENT_MAX_BYTES).toBe(domain.EVENT_MAX_BYTES);
    expect(bounds.EVENT_CONFIG_ID_MAX).toBe(domain.EVENT_CONFIG_ID_MAX);
    expect(bounds.EVENT_PROPERTIES_MAX).toBe(domain.EVENT_PROPERTIES_MAX);
    expect(bounds.EVENT_PROPERTY_KEY_MAX).toBe(domain.EVENT_PROPERTY_KEY_MAX);
    expect(bounds.EVENT_PROPERTY_VALUE_MAX).toBe(domain.EVENT_PROPERTY_VALUE_MAX);
    expect(bounds.EVENT_TYPES).toEqual(domain.CLIENT_EVENT_TYPES);
  });

  it('refuses event options that cannot work', () => {
    expect(() => createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, events: { flushIntervalMs: 0 } })).toThrow(
      /flushIntervalMs/,
    );
    expect(() => createClient({ baseUrl: BASE_URL, sdkKey: SDK_KEY, events: { maxQueued: 10 } })).toThrow(/maxQueued/);
  });
});
