import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  EVENT_BATCH_MAX_EVENTS,
  EVENT_CLIENT_TIME_MAX_AHEAD_MS,
  EVENT_CLIENT_TIME_MIN,
  EVENT_MAX_BYTES,
  eventBatchSchema,
  parseEventBatch,
  recordedClientEvent,
} from './event-batch';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('a batch of events from a game', () => {
  const schema = eventBatchSchema(NOW);
  const shown = (overrides: Record<string, unknown> = {}) => ({
    id: 'b2f8c3a0-1d2e-4f5a-9b8c-7d6e5f4a3b2c',
    type: 'shown',
    configId: 'config-1',
    clientTime: NOW - 5000,
    ...overrides,
  });

  it('takes 1 to 100 known events, with properties', () => {
    const batch = { events: [shown(), shown({ id: 'x:1', type: 'closed', properties: { button: 'x', ms: 1200 } })] };
    expect(schema.parse(batch)).toEqual(batch);
    const full = { events: Array.from({ length: EVENT_BATCH_MAX_EVENTS }, (_, i) => shown({ id: `e${i}` })) };
    expect(schema.safeParse(full).success).toBe(true);
  });

  it.each([
    [{ events: Array.from({ length: 101 }, () => shown()) }, ANALYTICS_MESSAGES.batchTooLarge],
    [{ events: Array.from({ length: 10_000 }, () => shown()) }, ANALYTICS_MESSAGES.batchTooLarge],
    [{ events: [] }, ANALYTICS_MESSAGES.batchEmpty],
    [{}, ANALYTICS_MESSAGES.batchInvalid],
    [[], ANALYTICS_MESSAGES.batchInvalid],
    [{ events: 'many' }, ANALYTICS_MESSAGES.batchInvalid],
  ])('refuses the batch %#', (batch, message) => {
    expect(firstMessage(schema.safeParse(batch))).toBe(message);
  });

  it('reads none of a batch of 10,000 events before refusing it', () => {
    const result = schema.safeParse({ events: Array.from({ length: 10_000 }, () => ({ type: 'nonsense' })) });
    expect(result.success ? [] : result.error.issues).toHaveLength(1);
  });

  it.each([
    [shown({ type: 'purchase' }), ANALYTICS_MESSAGES.typeUnknown],
    [shown({ type: 'claimed' }), ANALYTICS_MESSAGES.typeServerOnly('claimed')],
    [shown({ type: 'session' }), ANALYTICS_MESSAGES.typeServerOnly('session')],
    [shown({ id: '' }), ANALYTICS_MESSAGES.eventIdInvalid],
    [shown({ id: 'has space' }), ANALYTICS_MESSAGES.eventIdInvalid],
    [shown({ id: 'x'.repeat(65) }), ANALYTICS_MESSAGES.eventIdInvalid],
    [shown({ configId: '' }), ANALYTICS_MESSAGES.configIdInvalid],
    [shown({ configId: 'c\u0000' }), ANALYTICS_MESSAGES.configIdInvalid],
    [shown({ clientTime: Date.UTC(2019, 11, 31, 23, 59, 59) }), ANALYTICS_MESSAGES.clientTimeTooEarly],
    [shown({ clientTime: Date.UTC(3000, 0, 1) }), ANALYTICS_MESSAGES.clientTimeTooLate],
    [shown({ clientTime: NOW + EVENT_CLIENT_TIME_MAX_AHEAD_MS + 1 }), ANALYTICS_MESSAGES.clientTimeTooLate],
    [shown({ clientTime: '2026-11-27T12:00:00Z' }), ANALYTICS_MESSAGES.clientTimeInvalid],
    [shown({ clientTime: NOW + 0.5 }), ANALYTICS_MESSAGES.clientTimeInvalid],
    [shown({ properties: { 'bad key': 1 } }), ANALYTICS_MESSAGES.propertiesInvalid],
    [shown({ properties: { nested: { a: 1 } } }), ANALYTICS_MESSAGES.propertiesInvalid],
    [shown({ properties: { long: 'x'.repeat(257) } }), ANALYTICS_MESSAGES.propertiesInvalid],
    [
      shown({ properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }),
      ANALYTICS_MESSAGES.propertiesInvalid,
    ],
    [shown({ playerId: 'someone-else' }), ANALYTICS_MESSAGES.eventUnknownFields(['playerId'])],
    [shown({ variantId: 'b' }), ANALYTICS_MESSAGES.eventUnknownFields(['variantId'])],
    ['shown', ANALYTICS_MESSAGES.eventInvalid],
  ])('refuses the event %#', (bad, message) => {
    expect(firstMessage(schema.safeParse({ events: [shown({ id: 'ok' }), bad] }))).toBe(message);
  });

  it('takes client times from 2020 to a day ahead of the server’s clock, both ends included', () => {
    expect(schema.safeParse({ events: [shown({ clientTime: EVENT_CLIENT_TIME_MIN })] }).success).toBe(true);
    const ahead = shown({ clientTime: NOW + EVENT_CLIENT_TIME_MAX_AHEAD_MS });
    expect(schema.safeParse({ events: [ahead] }).success).toBe(true);
    // The same event is refused by a server whose clock is a second earlier.
    expect(eventBatchSchema(NOW - 1000).safeParse({ events: [ahead] }).success).toBe(false);
  });

  it('refuses an event over 2 KB as JSON, however it gets there', () => {
    const properties = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key${i}`, 'é'.repeat(100)]));
    const big = shown({ properties });
    expect(new TextEncoder().encode(JSON.stringify(big)).length).toBeGreaterThan(EVENT_MAX_BYTES);
    expect(JSON.stringify(big).length).toBeLessThan(EVENT_MAX_BYTES);
    expect(firstMessage(schema.safeParse({ events: [big] }))).toBe(ANALYTICS_MESSAGES.eventTooLarge);
  });

  it('is parsed by the schema built once exactly as by one built for the clock (parseEventBatch)', () => {
    const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.map(({ path, message }) => ({ path, message })) ?? [];
    const time = fc.oneof(
      fc.constantFrom(
        EVENT_CLIENT_TIME_MIN - 1,
        EVENT_CLIENT_TIME_MIN,
        NOW,
        NOW + EVENT_CLIENT_TIME_MAX_AHEAD_MS,
        NOW + EVENT_CLIENT_TIME_MAX_AHEAD_MS + 1,
        NOW + EVENT_CLIENT_TIME_MAX_AHEAD_MS + 0.5,
        Date.UTC(3000, 0, 1) + 0.5,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        '1',
      ),
      fc.integer({ min: NOW - 1000, max: NOW + 2 * EVENT_CLIENT_TIME_MAX_AHEAD_MS }),
    );
    const event = fc.record(
      {
        id: fc.oneof(fc.constantFrom('e1', 'e2', '', 'has space'), fc.string()),
        type: fc.constantFrom('shown', 'closed', 'claimed', 'purchase', 1),
        configId: fc.constantFrom('config-1', '', 'c\u0000'),
        clientTime: time,
        properties: fc.constantFrom({}, { a: 1 }, { 'bad key': 1 }, { long: 'é'.repeat(2000) }),
        playerId: fc.constant('someone'),
      },
      { requiredKeys: ['id', 'type', 'configId'] },
    );
    const body = fc.oneof(
      fc.record({ events: fc.array(fc.oneof(event, fc.anything()), { maxLength: 5 }) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(body, fc.integer({ min: NOW - 2 * EVENT_CLIENT_TIME_MAX_AHEAD_MS, max: NOW }), (batch, now) => {
        const expected = eventBatchSchema(now).safeParse(batch);
        const actual = parseEventBatch(batch, now);
        expect(actual.success).toBe(expected.success);
        expect(actual.data).toEqual(expected.data);
        expect(issues(actual)).toEqual(issues(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('records a client’s event with the server’s player, variant and day, never the client’s time', () => {
    const [parsed] = schema.parse({ events: [shown({ clientTime: NOW + 3_600_000 })] }).events;
    expect(
      recordedClientEvent(parsed!, {
        gameId: 'game-1',
        playerId: 'anna',
        variantId: 'b',
        receivedAt: Date.UTC(2026, 10, 27, 23, 59),
      }),
    ).toEqual({
      id: 'b2f8c3a0-1d2e-4f5a-9b8c-7d6e5f4a3b2c',
      gameId: 'game-1',
      playerId: 'anna',
      kind: 'shown',
      configId: 'config-1',
      variantId: 'b',
      day: '2026-11-27',
      cycleDay: null,
      streak: null,
    });
  });
});
