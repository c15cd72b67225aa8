import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advancePresence } from './analytics-returns';
import { analyticsDay, type AnalyticsEvent } from './analytics-event';
import {
  EMPTY_ROLLUP_STATE,
  foldEvents,
  markPresence,
  recountRollups,
  rollupMarkers,
  rollupRows,
  streakBucketOf,
} from './analytics-rollup';

let nextId = 0;
const event = (partial: Partial<AnalyticsEvent> & Pick<AnalyticsEvent, 'kind' | 'playerId'>): AnalyticsEvent => ({
  id: `e${nextId++}`,
  gameId: 'game-1',
  configId: partial.kind === 'session' ? null : 'config-1',
  variantId: null,
  day: '2026-11-27',
  cycleDay: partial.kind === 'claimed' ? 1 : null,
  streak: partial.kind === 'claimed' ? 1 : null,
  ...partial,
});

/**
 * Any order of arrival the server can see: an event counts on the UTC day it arrives, so it arrives on its day or
 * (a claim the feed reads late) the next one; within a day, in any order.
 */
const arrivalOf = (all: readonly AnalyticsEvent[]) =>
  fc
    .tuple(
      fc.shuffledSubarray([...all], { minLength: all.length, maxLength: all.length }),
      fc.array(fc.boolean(), { minLength: all.length, maxLength: all.length }),
    )
    .map(([shuffled, late]) =>
      shuffled
        .map((e, at) => ({ e, on: Date.parse(`${e.day}T00:00:00Z`) + (late[at] ? 86_400_000 : 0) }))
        .sort((a, b) => a.on - b.on)
        .map(({ e }) => e),
    );

/** The events, with the replayed ones sent again, in any order of arrival; and where to cut them into batches. */
const arrivingWithReplays = ({
  events,
  replays,
  cuts,
}: {
  events: AnalyticsEvent[];
  replays: number[];
  cuts: number[];
}) =>
  fc.record({
    events: fc.constant(events),
    arrival: arrivalOf([...events, ...replays.map((at) => events[at]!)]),
    cuts: fc.constant(cuts),
  });

/** An arrival cut into batches at the given points (any split the server may see). */
function batchesOf(arrival: readonly AnalyticsEvent[], cuts: readonly number[]): AnalyticsEvent[][] {
  const points = [...new Set(cuts.map((cut) => Math.min(cut, arrival.length)))].sort((a, b) => a - b);
  const batches: AnalyticsEvent[][] = [];
  let from = 0;
  for (const point of [...points, arrival.length]) {
    batches.push(arrival.slice(from, point));
    from = Math.max(from, point);
  }
  return batches;
}

describe('streak buckets', () => {
  it.each([
    [1, '1'],
    [7, '7'],
    [8, '8-14'],
    [14, '8-14'],
    [15, '15-30'],
    [30, '15-30'],
    [31, '31+'],
    [4000, '31+'],
  ])('puts a streak of %d in %s', (streak, bucket) => {
    expect(streakBucketOf(streak)).toBe(bucket);
  });

  it.each([0, -1, 2.5, Number.NaN])('refuses a streak of %d', (streak) => {
    expect(() => streakBucketOf(streak)).toThrow(RangeError);
  });
});

describe('daily rollups', () => {
  it('counts distinct players per game, config and variant, with the funnel and the streaks', () => {
    const events = [
      event({ kind: 'session', playerId: 'anna' }),
      event({ kind: 'session', playerId: 'anna' }),
      event({ kind: 'session', playerId: 'ben' }),
      event({ kind: 'shown', playerId: 'anna', variantId: 'a' }),
      event({ kind: 'shown', playerId: 'anna', variantId: 'a' }),
      event({ kind: 'shown', playerId: 'ben', variantId: 'b' }),
      event({ kind: 'closed', playerId: 'ben', variantId: 'b' }),
      event({ kind: 'claimed', playerId: 'anna', variantId: 'a', cycleDay: 3, streak: 10 }),
      event({ kind: 'shown', playerId: 'cleo', configId: 'config-2' }),
    ];
    const rows = rollupRows(foldEvents(EMPTY_ROLLUP_STATE, events));
    expect(
      rows.map(({ configId, variantId, sessions, shown, closed, claimed }) => [
        configId,
        variantId,
        sessions,
        shown,
        closed,
        claimed,
      ]),
    ).toEqual([
      ['config-1', 'a', 0, 1, 0, 1],
      ['config-1', 'b', 0, 1, 1, 0],
      ['config-1', null, 0, 2, 1, 1],
      ['config-2', null, 0, 1, 0, 0],
      [null, null, 2, 3, 1, 1],
    ]);
    const game = rows.at(-1);
    expect(game?.claimedByCycleDay).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(game?.claimedByStreak['8-14']).toBe(1);
    expect(Object.values(game?.claimedByStreak ?? {}).reduce((a, b) => a + b, 0)).toBe(1);
    expect(rows).toEqual(recountRollups(events));
  });

  it('keeps each day on its own row', () => {
    const rows = rollupRows(
      foldEvents(EMPTY_ROLLUP_STATE, [
        event({ kind: 'session', playerId: 'anna', day: '2026-11-26' }),
        event({ kind: 'session', playerId: 'anna', day: '2026-11-27' }),
      ]),
    );
    expect(rows.map((row) => [row.day, row.sessions])).toEqual([
      ['2026-11-26', 1],
      ['2026-11-27', 1],
    ]);
  });

  it('counts a replayed batch once', () => {
    const batch = [event({ kind: 'claimed', playerId: 'anna', cycleDay: 2, streak: 2 })];
    const once = foldEvents(EMPTY_ROLLUP_STATE, batch);
    expect(foldEvents(once, batch)).toEqual(once);
    expect(rollupRows(once).find((row) => row.configId === null)?.claimed).toBe(1);
  });

  it('keeps a player’s markers of their latest two days: a day late counts once, older counts nothing', () => {
    const claim = (day: string, id: string) =>
      event({ kind: 'claimed', playerId: 'anna', day, id, cycleDay: 1, streak: 1 });
    let presence = markPresence({}, claim('2026-11-26', 'a')).presence;
    presence = markPresence(presence, event({ kind: 'session', playerId: 'anna', day: '2026-11-27' })).presence;
    // A second claim of the 26th, a day late: nothing new to count (the same player claimed that day already).
    expect(markPresence(presence, claim('2026-11-26', 'b')).markers).toEqual([]);
    // The 28th: the 26th's markers are dropped, its presences stay for the return pairs.
    presence = markPresence(presence, event({ kind: 'session', playerId: 'anna', day: '2026-11-28' })).presence;
    expect(presence['2026-11-26']).toEqual({ a: [], c: [] });
    expect(Object.keys(presence['2026-11-27']?.m ?? {})).toEqual(['']);
    expect(markPresence(presence, claim('2026-11-26', 'c'))).toEqual({ presence, markers: [] });
    // A claim of the 27th, a day late, counts its markers once.
    const late = markPresence(presence, claim('2026-11-27', 'd'));
    expect(late.markers.map((m) => `${m.key.configId ?? ''}:${m.counter}`)).toEqual([
      ':claimed',
      ':cycle_day:1',
      ':streak:1',
      'config-1:claimed',
      'config-1:active',
      'config-1:cycle_day:1',
      'config-1:streak:1',
    ]);
    expect(markPresence(late.presence, claim('2026-11-27', 'e')).markers).toEqual([]);
  });

  it('leaves the state it was given as it was', () => {
    const before = foldEvents(EMPTY_ROLLUP_STATE, [event({ kind: 'shown', playerId: 'anna' })]);
    const snapshot = rollupRows(before);
    foldEvents(before, [event({ kind: 'shown', playerId: 'ben' })]);
    expect(rollupRows(before)).toEqual(snapshot);
    expect(EMPTY_ROLLUP_STATE.rows.size).toBe(0);
  });

  it('refuses a claim without a valid cycle day or streak', () => {
    expect(() => rollupMarkers(event({ kind: 'claimed', playerId: 'a', cycleDay: 8 }))).toThrow(RangeError);
    expect(() => rollupMarkers(event({ kind: 'claimed', playerId: 'a', cycleDay: null }))).toThrow(RangeError);
    expect(() => rollupMarkers(event({ kind: 'claimed', playerId: 'a', streak: 0 }))).toThrow(RangeError);
    expect(() => rollupMarkers(event({ kind: 'claimed', playerId: 'a', streak: null }))).toThrow(RangeError);
  });

  it('makes markers per row and counter: a claim of a variant counts in three rows, four ways', () => {
    const markers = rollupMarkers(event({ kind: 'claimed', playerId: 'anna', variantId: 'b', cycleDay: 7, streak: 7 }));
    expect(markers).toHaveLength(12);
    expect(new Set(markers.map((m) => m.counter))).toEqual(new Set(['claimed', 'active', 'cycle_day:7', 'streak:7']));
    expect(rollupMarkers(event({ kind: 'session', playerId: 'anna' }))).toEqual([
      {
        key: { gameId: 'game-1', configId: null, variantId: null, day: '2026-11-27' },
        counter: 'sessions',
        playerId: 'anna',
      },
      {
        key: { gameId: 'game-1', configId: null, variantId: null, day: '2026-11-27' },
        counter: 'active',
        playerId: 'anna',
      },
    ]);
  });

  it('equals a recount from the raw events after any split, order and replay (property)', () => {
    const eventArbitrary = fc
      .record({
        gameId: fc.constantFrom('g1', 'g2'),
        playerId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5'),
        kind: fc.constantFrom('shown', 'closed', 'claimed', 'session'),
        configId: fc.constantFrom('c1', 'c2'),
        variantId: fc.constantFrom(null, 'a', 'b'),
        day: fc.constantFrom('2026-11-26', '2026-11-27', '2026-11-28'),
        cycleDay: fc.integer({ min: 1, max: 7 }),
        streak: fc.integer({ min: 1, max: 40 }),
      })
      .map((raw): Omit<AnalyticsEvent, 'id'> =>
        raw.kind === 'session'
          ? { ...raw, configId: null, variantId: null, cycleDay: null, streak: null }
          : raw.kind === 'claimed'
            ? raw
            : { ...raw, cycleDay: null, streak: null },
      );
    const scenario = fc
      .array(eventArbitrary, { maxLength: 60 })
      .map((events) => events.map((raw, index): AnalyticsEvent => ({ ...raw, id: `id-${index}` })))
      .chain((events) =>
        fc.record({
          events: fc.constant(events),
          // Replays: whole events sent again (a retried batch).
          replays: fc.array(fc.nat({ max: Math.max(0, events.length - 1) }), { maxLength: events.length > 0 ? 20 : 0 }),
          cuts: fc.array(fc.nat({ max: 100 }), { maxLength: 10 }),
        }),
      )
      .chain(arrivingWithReplays);
    fc.assert(
      fc.property(scenario, ({ events, arrival, cuts }) => {
        const batches = batchesOf(arrival, cuts);
        const state = batches.reduce(foldEvents, EMPTY_ROLLUP_STATE);
        expect(rollupRows(state)).toEqual(recountRollups(events));
        // Every claimer is in the funnel: the cycle days together count at least the claimers.
        for (const row of rollupRows(state).filter((r) => r.configId === null)) {
          expect(row.claimedByCycleDay.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(row.claimed);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('return rates', () => {
  const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;

  it('counts a claimer and an active player who come back the next day and a week later, at the game and the config', () => {
    const events = [
      event({ kind: 'session', playerId: 'anna', day: day(10) }),
      event({ kind: 'claimed', playerId: 'anna', day: day(10) }),
      event({ kind: 'session', playerId: 'ben', day: day(10), configId: 'config-1' }),
      event({ kind: 'session', playerId: 'anna', day: day(11) }),
      event({ kind: 'shown', playerId: 'ben', day: day(17) }),
    ];
    const rows = rollupRows(foldEvents(EMPTY_ROLLUP_STATE, events));
    const row = (configId: string | null, on: string) => rows.find((r) => r.configId === configId && r.day === on);
    expect(row(null, day(10))).toMatchObject({
      active: 2,
      claimed: 1,
      activeBackNextDay: 1,
      activeBackDay7: 1,
      claimedBackNextDay: 1,
      claimedBackDay7: 0,
    });
    expect(row('config-1', day(10))).toMatchObject({
      active: 2,
      claimed: 1,
      sessions: 1,
      activeBackNextDay: 1,
      activeBackDay7: 1,
      claimedBackNextDay: 1,
    });
    expect(rows).toEqual(recountRollups(events));
  });

  it('counts the pair whichever of its two presences arrives first, once', () => {
    const claim = event({ kind: 'claimed', playerId: 'anna', day: day(10) });
    const next = event({ kind: 'session', playerId: 'anna', day: day(11) });
    const late = foldEvents(foldEvents(foldEvents(EMPTY_ROLLUP_STATE, [next]), [claim]), [next, claim]);
    const onTime = foldEvents(foldEvents(EMPTY_ROLLUP_STATE, [claim]), [next]);
    const game = (state: typeof late) => rollupRows(state).find((r) => r.configId === null && r.day === day(10));
    expect(game(late)?.claimedBackNextDay).toBe(1);
    expect(rollupRows(late)).toEqual(rollupRows(onTime));
  });

  it('keeps ten days of a player’s presences and leaves an event older than them out of the pairs', () => {
    let presence = advancePresence({}, { day: day(20), configId: null, claimed: false }).presence;
    presence = advancePresence(presence, { day: day(11), configId: 'c', claimed: true }).presence;
    expect(Object.keys(presence).sort()).toEqual([day(11), day(20)]);
    const late = advancePresence(presence, { day: day(10), configId: null, claimed: false });
    expect(late).toEqual({ presence, pairs: [] });
    expect(Object.keys(advancePresence(presence, { day: day(21), configId: null, claimed: false }).presence)).toEqual([
      day(20),
      day(21),
    ]);
  });

  it('equals a recount after any split, order and replay, over nine days (property)', () => {
    const eventArbitrary = fc
      .record({
        gameId: fc.constantFrom('g1', 'g2'),
        playerId: fc.constantFrom('p1', 'p2', 'p3'),
        kind: fc.constantFrom('shown', 'closed', 'claimed', 'session'),
        configId: fc.constantFrom(null, 'c1', 'c2'),
        variantId: fc.constantFrom(null, 'a'),
        day: fc.integer({ min: 20, max: 28 }).map(day),
        cycleDay: fc.integer({ min: 1, max: 7 }),
        streak: fc.integer({ min: 1, max: 40 }),
      })
      .map((raw): Omit<AnalyticsEvent, 'id'> => {
        const configId = raw.kind === 'session' ? raw.configId : (raw.configId ?? 'c1');
        const claim = raw.kind === 'claimed';
        return {
          ...raw,
          configId,
          variantId: configId === null ? null : raw.variantId,
          cycleDay: claim ? raw.cycleDay : null,
          streak: claim ? raw.streak : null,
        };
      });
    const scenario = fc
      .array(eventArbitrary, { maxLength: 50 })
      .map((events) => events.map((raw, index): AnalyticsEvent => ({ ...raw, id: `id-${index}` })))
      .chain((events) => {
        const replayed = fc.array(fc.nat({ max: Math.max(0, events.length - 1) }), {
          maxLength: events.length > 0 ? 15 : 0,
        });
        return fc.record({ events: fc.constant(events), replays: replayed, cuts: fc.array(fc.nat({ max: 70 })) });
      })
      .chain(arrivingWithReplays);
    fc.assert(
      fc.property(scenario, ({ events, arrival, cuts }) => {
        const batches = batchesOf(arrival, cuts);
        const rows = rollupRows(batches.reduce(foldEvents, EMPTY_ROLLUP_STATE));
        expect(rows).toEqual(recountRollups(events));
        for (const row of rows) {
          expect(row.claimedBackNextDay).toBeLessThanOrEqual(row.claimed);
          expect(row.activeBackDay7).toBeLessThanOrEqual(row.active);
          expect(row.claimedBackDay7).toBeLessThanOrEqual(row.activeBackDay7);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the server’s day', () => {
  it('is the UTC date of an instant', () => {
    expect(analyticsDay(Date.UTC(2026, 10, 27, 23, 59, 59, 999))).toBe('2026-11-27');
    expect(analyticsDay(Date.UTC(2026, 10, 28))).toBe('2026-11-28');
  });
});
