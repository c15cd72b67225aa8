import type { AnalyticsEvent, AnalyticsEventKind } from './analytics-event';
import {
  advancePresence,
  recountReturnPairs,
  shiftDay,
  type PlayerPresence,
  type PresenceDay,
  type ReturnCounter,
} from './analytics-returns';
import { DAILY_CYCLE_LENGTH } from '../daily-rewards/daily-streak';

/**
 * What the Analytics tab reads (decision 042): daily rollups of the popup's and the runtime's events,
 * kept exact under any order of arrival (the events: analytics-event.ts; the batches a game sends: event-batch.ts).
 *
 * Rollups. One row per (game, config, variant, day), at three scopes: the game (config and variant null), a
 * config (variant null: all its players, whatever their variant) and a variant of a config's experiment. A row
 * counts distinct players: who had a session, saw the popup, closed it, claimed; how many claimed each cycle
 * day (the funnel, day 1..7); how many claimed at each streak length (STREAK_BUCKETS).
 *
 * Why a rollup equals a recount. Every count is the number of distinct markers (row, counter, player): an
 * event yields its markers (`rollupMarkers`), a marker seen before changes nothing, a new one adds 1 to its
 * counter. Set union is commutative, associative and idempotent, so any split into batches, any order and any
 * replay (the same event twice) give the same sets, hence the same counts as grouping the raw events at once
 * (`recountRollups`). The server keeps a player's markers of their last days in the player's presence row, which
 * every batch locks before it reads it (`markPresence`), and bumps the counters only for the markers that were new,
 * in the same transaction as the raw event. (They were rows of a table of their own, with a six-column unique
 * key: eight or more index entries a claim, the larger half of what a claim cost the database.)
 *
 * Return rates (decision 047): `active` counts the players with any event on the row's day; the `…Back…` counters
 * of a day count those of its active players (and of its claimers) who had any event in the game a day and a week
 * later, as pairs of presences (analytics-returns.ts) counted when the second one is new.
 */

/** Streak lengths as the distribution groups them: each day of a cycle, then weeks and a month. */
export const STREAK_BUCKETS = [
  { id: '1', min: 1, max: 1 },
  { id: '2', min: 2, max: 2 },
  { id: '3', min: 3, max: 3 },
  { id: '4', min: 4, max: 4 },
  { id: '5', min: 5, max: 5 },
  { id: '6', min: 6, max: 6 },
  { id: '7', min: 7, max: 7 },
  { id: '8-14', min: 8, max: 14 },
  { id: '15-30', min: 15, max: 30 },
  { id: '31+', min: 31, max: Number.POSITIVE_INFINITY },
] as const;
export type StreakBucketId = (typeof STREAK_BUCKETS)[number]['id'];

export function streakBucketOf(streak: number): StreakBucketId {
  const bucket = STREAK_BUCKETS.find(({ min, max }) => streak >= min && streak <= max);
  if (!bucket || !Number.isInteger(streak))
    throw new RangeError(`A claim’s streak is a whole number from 1: ${streak}.`);
  return bucket.id;
}

export type RollupKey = { gameId: string; configId: string | null; variantId: string | null; day: string };

export type RollupCounter =
  | 'sessions'
  | 'shown'
  | 'closed'
  | 'claimed'
  | 'active'
  | `cycle_day:${number}`
  | `streak:${StreakBucketId}`
  | ReturnCounter;

export type RollupRow = RollupKey & {
  sessions: number;
  shown: number;
  closed: number;
  claimed: number;
  /** Players with any event that day (a session, the popup, a claim): the return rates' cohort. */
  active: number;
  /** Of the day's active players, those with an event in the game the next day; a week later. */
  activeBackNextDay: number;
  activeBackDay7: number;
  /** Of the day's claimers, those with an event in the game the next day; a week later. */
  claimedBackNextDay: number;
  claimedBackDay7: number;
  /** claimedByCycleDay[d − 1]: players who claimed cycle day d. */
  claimedByCycleDay: number[];
  claimedByStreak: Record<StreakBucketId, number>;
};

/** A first-seen marker: the server's unique key (row, counter, player). */
export type RollupMarker = { key: RollupKey; counter: RollupCounter; playerId: string };

const kindCounter: Record<AnalyticsEventKind, RollupCounter> = {
  session: 'sessions',
  shown: 'shown',
  closed: 'closed',
  claimed: 'claimed',
};

/** The rows an event counts in: its game, its config, and its variant of the config's experiment. */
export function rollupKeysOf(event: AnalyticsEvent): RollupKey[] {
  const { gameId, day, configId, variantId } = event;
  const keys: RollupKey[] = [{ gameId, configId: null, variantId: null, day }];
  if (configId !== null) {
    keys.push({ gameId, configId, variantId: null, day });
    if (variantId !== null) keys.push({ gameId, configId, variantId, day });
  }
  return keys;
}

/** What an event counts: one marker per row it counts in and counter it adds to. */
export function rollupMarkers(event: AnalyticsEvent): RollupMarker[] {
  const counters: RollupCounter[] = [kindCounter[event.kind], 'active'];
  if (event.kind === 'claimed') {
    const { cycleDay, streak } = event;
    if (cycleDay === null || !Number.isInteger(cycleDay) || cycleDay < 1 || cycleDay > DAILY_CYCLE_LENGTH) {
      throw new RangeError(`A claim’s cycle day is 1 to ${DAILY_CYCLE_LENGTH}: ${cycleDay}.`);
    }
    if (streak === null) throw new RangeError('A claim has a streak.');
    counters.push(`cycle_day:${cycleDay}`, `streak:${streakBucketOf(streak)}`);
  }
  return rollupKeysOf(event).flatMap((key) => counters.map((counter) => ({ key, counter, playerId: event.playerId })));
}

const keyText = (key: RollupKey) => JSON.stringify([key.gameId, key.configId, key.variantId, key.day]);

export function emptyRollupRow(key: RollupKey): RollupRow {
  return {
    ...key,
    sessions: 0,
    shown: 0,
    closed: 0,
    claimed: 0,
    active: 0,
    activeBackNextDay: 0,
    activeBackDay7: 0,
    claimedBackNextDay: 0,
    claimedBackDay7: 0,
    claimedByCycleDay: Array.from({ length: DAILY_CYCLE_LENGTH }, () => 0),
    claimedByStreak: Object.fromEntries(STREAK_BUCKETS.map(({ id }) => [id, 0])) as Record<StreakBucketId, number>,
  };
}

/** Adds one player to a row's counter (what the server's UPDATE … SET counter = counter + 1 does). */
export function addToCounter(row: RollupRow, counter: RollupCounter): RollupRow {
  if (counter.startsWith('cycle_day:')) {
    const index = Number(counter.slice('cycle_day:'.length)) - 1;
    return { ...row, claimedByCycleDay: row.claimedByCycleDay.map((n, at) => (at === index ? n + 1 : n)) };
  }
  if (counter.startsWith('streak:')) {
    const bucket = counter.slice('streak:'.length) as StreakBucketId;
    return { ...row, claimedByStreak: { ...row.claimedByStreak, [bucket]: row.claimedByStreak[bucket] + 1 } };
  }
  const field = counter.startsWith('back:')
    ? backFields[counter as ReturnCounter]
    : (counter as 'sessions' | 'shown' | 'closed' | 'claimed' | 'active');
  return { ...row, [field]: row[field] + 1 };
}

const backFields: Record<ReturnCounter, keyof RollupRow & `${string}Back${string}`> = {
  'back:active:1': 'activeBackNextDay',
  'back:active:7': 'activeBackDay7',
  'back:claimed:1': 'claimedBackNextDay',
  'back:claimed:7': 'claimedBackDay7',
};

/**
 * Days a player's markers are kept (their latest day and the one before): an event counts on the UTC day it
 * arrives, and the claims' feed reads a claim at most a day after it was made (decision 045).
 */
export const MARKER_KEEP_DAYS = 2;

/** A marker's row scope inside a player's presence: '' the game, a config's id, or config/variant. */
const markerScope = (key: RollupKey) =>
  key.configId === null ? '' : key.variantId === null ? key.configId : `${key.configId}/${key.variantId}`;

/**
 * Adds an event's markers to its player's presence (the player's own, of the event's game): answers the markers
 * that were new, which are the ones to count. The day's markers are kept in the presence for MARKER_KEEP_DAYS days
 * after the player's latest day; an event older than that counts nothing (the server never sends one). The
 * presence given is not changed.
 */
export function markPresence(
  presence: PlayerPresence,
  event: AnalyticsEvent,
): { presence: PlayerPresence; markers: RollupMarker[] } {
  const days = Object.keys(presence);
  const latest = days.reduce<string | undefined>((max, day) => (max === undefined || day > max ? day : max), undefined);
  const newest = latest === undefined || event.day > latest ? event.day : latest;
  const oldest = shiftDay(newest, -(MARKER_KEEP_DAYS - 1));
  if (event.day < oldest) return { presence, markers: [] };
  const today: PresenceDay = presence[event.day] ?? { a: [], c: [] };
  const marked: Record<string, readonly string[]> = { ...today.m };
  const markers: RollupMarker[] = [];
  for (const marker of rollupMarkers(event)) {
    const scope = markerScope(marker.key);
    const counted = marked[scope] ?? [];
    if (counted.includes(marker.counter)) continue;
    marked[scope] = [...counted, marker.counter];
    markers.push(marker);
  }
  if (!markers.length && latest !== undefined && newest === latest) return { presence, markers };
  const next: Record<string, PresenceDay> = {};
  for (const day of days) {
    const entry = presence[day]!;
    // Older days' markers can no longer be needed: dropped, the day's presences kept (the return pairs read them).
    if (day < oldest && entry.m) {
      const { m: _dropped, ...kept } = entry;
      next[day] = kept;
    } else next[day] = entry;
  }
  next[event.day] = { ...today, m: marked };
  return { presence: next, markers };
}

/** Rollups kept current batch by batch: each player's presences (by game and player) and the rows they counted. */
export type RollupState = {
  readonly presence: ReadonlyMap<string, PlayerPresence>;
  readonly rows: ReadonlyMap<string, RollupRow>;
};

export const EMPTY_ROLLUP_STATE: RollupState = { presence: new Map(), rows: new Map() };

/** The return pairs as rollup markers: the cohort's row (game or config, never a variant) and counter. */
export function returnPairMarkers(
  gameId: string,
  playerId: string,
  pairs: readonly { day: string; configId: string | null; counter: ReturnCounter }[],
): RollupMarker[] {
  return pairs.map(({ day, configId, counter }) => ({
    key: { gameId, configId, variantId: null, day },
    counter,
    playerId,
  }));
}

/**
 * Folds a batch of events into the rollups: only markers not seen before add to a counter, and each return pair
 * adds 1 when its second presence is new (what the server does per batch, one player's row locked at a time).
 */
export function foldEvents(state: RollupState, batch: readonly AnalyticsEvent[]): RollupState {
  const presence = new Map(state.presence);
  const rows = new Map(state.rows);
  const count = (marker: RollupMarker) => {
    const rowKey = keyText(marker.key);
    rows.set(rowKey, addToCounter(rows.get(rowKey) ?? emptyRollupRow(marker.key), marker.counter));
  };
  for (const event of batch) {
    const player = JSON.stringify([event.gameId, event.playerId]);
    const marked = markPresence(presence.get(player) ?? {}, event);
    // A replay (no new marker) is no new presence either: every presence it makes has a marker of its own.
    if (!marked.markers.length) continue;
    for (const marker of marked.markers) count(marker);
    const step = advancePresence(marked.presence, {
      day: event.day,
      configId: event.configId,
      claimed: event.kind === 'claimed',
    });
    presence.set(player, step.presence);
    for (const marker of returnPairMarkers(event.gameId, event.playerId, step.pairs)) count(marker);
  }
  return { presence, rows };
}

const compareRows = (a: RollupKey, b: RollupKey) => (keyText(a) < keyText(b) ? -1 : keyText(a) > keyText(b) ? 1 : 0);

/** The rows of a state, in a stable order (game, config, variant, day). */
export function rollupRows(state: RollupState): RollupRow[] {
  return [...state.rows.values()].sort(compareRows);
}

/**
 * The rollups counted afresh from raw events, all at once: for each row, the distinct players of each kind, of
 * each cycle day claimed and of each streak bucket. What the server runs to rebuild a day from its raw events;
 * the tests hold foldEvents to it.
 */
export function recountRollups(events: readonly AnalyticsEvent[]): RollupRow[] {
  const groups = new Map<string, { key: RollupKey; players: Map<RollupCounter, Set<string>> }>();
  for (const event of events) {
    for (const key of rollupKeysOf(event)) {
      const text = keyText(key);
      const group = groups.get(text) ?? { key, players: new Map<RollupCounter, Set<string>>() };
      groups.set(text, group);
      const add = (counter: RollupCounter) => {
        const players = group.players.get(counter) ?? new Set<string>();
        players.add(event.playerId);
        group.players.set(counter, players);
      };
      add(kindCounter[event.kind]);
      add('active');
      if (event.kind === 'claimed') {
        add(`cycle_day:${event.cycleDay ?? 0}`);
        add(`streak:${streakBucketOf(event.streak ?? 0)}`);
      }
    }
  }
  const byPlayer = new Map<string, AnalyticsEvent[]>();
  for (const event of events) {
    const player = JSON.stringify([event.gameId, event.playerId]);
    byPlayer.set(player, [...(byPlayer.get(player) ?? []), event]);
  }
  const pairs = new Map<string, number>();
  for (const own of byPlayer.values()) {
    const { gameId, playerId } = own[0]!;
    const found = recountReturnPairs(
      own.map((e) => ({ day: e.day, configId: e.configId, claimed: e.kind === 'claimed' })),
    );
    for (const marker of returnPairMarkers(gameId, playerId, found)) {
      const text = JSON.stringify([keyText(marker.key), marker.counter]);
      pairs.set(text, (pairs.get(text) ?? 0) + 1);
    }
  }
  return [...groups.values()]
    .map(({ key, players }) => {
      const count = (counter: RollupCounter) => players.get(counter)?.size ?? 0;
      const paired = (counter: ReturnCounter) => pairs.get(JSON.stringify([keyText(key), counter])) ?? 0;
      return {
        ...key,
        sessions: count('sessions'),
        shown: count('shown'),
        closed: count('closed'),
        claimed: count('claimed'),
        active: count('active'),
        activeBackNextDay: paired('back:active:1'),
        activeBackDay7: paired('back:active:7'),
        claimedBackNextDay: paired('back:claimed:1'),
        claimedBackDay7: paired('back:claimed:7'),
        claimedByCycleDay: Array.from({ length: DAILY_CYCLE_LENGTH }, (_, at) => count(`cycle_day:${at + 1}`)),
        claimedByStreak: Object.fromEntries(STREAK_BUCKETS.map(({ id }) => [id, count(`streak:${id}`)])) as Record<
          StreakBucketId,
          number
        >,
      };
    })
    .sort(compareRows);
}
