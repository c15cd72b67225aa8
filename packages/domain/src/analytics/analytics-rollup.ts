import { z } from 'zod';
import {
  advancePresence,
  recountReturnPairs,
  shiftDay,
  type PlayerPresence,
  type PresenceDay,
  type ReturnCounter,
} from './analytics-returns';
import { DAILY_CYCLE_LENGTH } from '../daily-rewards/daily-streak';
import { hasBidiControl, hasForbiddenCharacters } from '../shared/text';

/**
 * What the Analytics tab reads (issue 23, decision 042): daily rollups of the popup's and the runtime's events,
 * kept exact under any order of arrival, and the bounds of the event batches a game sends.
 *
 * Events. `shown` and `closed` come from the popup (through `POST /v1/events`), `claimed` and `session` are
 * recorded by the server itself. Each event is stamped by the server with the player (from the token, never the
 * body), the config and variant it concerns, and the server's UTC date of its arrival; a claim also carries the
 * cycle day it claimed and the streak it made. The client's own clock is kept beside it for reference only.
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

export const ANALYTICS_EVENT_KINDS = ['shown', 'closed', 'claimed', 'session'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];
/** What a game or the popup may send; claims and sessions are recorded by the server itself. */
export const CLIENT_EVENT_TYPES = ['shown', 'closed'] as const;
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

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

/** An event as the server records it (after validation, with the player and the day it decided). */
export type AnalyticsEvent = {
  /** Unique per game and player: the client's id for shown/closed, the server's for claimed/session. */
  id: string;
  gameId: string;
  playerId: string;
  kind: AnalyticsEventKind;
  /** The config the popup showed, the claim was of, or the session's player got then (null: none). */
  configId: string | null;
  /** The player's variant when the config runs an experiment, else null. */
  variantId: string | null;
  /** The server's UTC date when the event arrived: YYYY-MM-DD. */
  day: string;
  /** For a claim: the cycle day it claimed (1..7) and the streak it made (1 or more); null otherwise. */
  cycleDay: number | null;
  streak: number | null;
};

/** The server's UTC date of an instant, as rollups key it. */
export function analyticsDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
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

// ----- What a game sends: POST /v1/events -----

export const EVENT_BATCH_MAX_EVENTS = 100;
/** One event, as JSON in UTF-8. */
export const EVENT_MAX_BYTES = 2048;
/** The largest body `POST /v1/events` reads: a full batch of the largest events and its envelope. */
export const EVENT_BATCH_MAX_BYTES = EVENT_BATCH_MAX_EVENTS * (EVENT_MAX_BYTES + 1) + 1024;
export const EVENT_ID_MAX = 64;
export const EVENT_CONFIG_ID_MAX = 64;
export const EVENT_PROPERTIES_MAX = 20;
export const EVENT_PROPERTY_KEY_MAX = 40;
export const EVENT_PROPERTY_VALUE_MAX = 256;
/** The earliest client time taken: 2020-01-01T00:00:00Z. */
export const EVENT_CLIENT_TIME_MIN = Date.UTC(2020, 0, 1);
/** How far ahead of the server's clock a client's time may be: a day (a wrong device clock, not a forgery). */
export const EVENT_CLIENT_TIME_MAX_AHEAD_MS = 86_400_000;

export const ANALYTICS_MESSAGES = {
  batchInvalid: 'Send a JSON object { "events": [ … ] } with 1 to 100 events.',
  batchEmpty: 'Send at least one event.',
  batchTooLarge: `A batch holds at most ${EVENT_BATCH_MAX_EVENTS} events: send the rest in another batch.`,
  eventInvalid: 'Each event is an object { id, type, configId, clientTime } with optional properties.',
  eventUnknownFields: (fields: readonly string[]) =>
    `An event takes no ${fields.map((field) => `“${field}”`).join(', ')}: only id, type, configId, clientTime and properties (the player is the session token’s, the variant the server’s).`,
  eventTooLarge: `An event is at most ${EVENT_MAX_BYTES} bytes as JSON: send fewer or shorter properties.`,
  eventIdInvalid: `An event id is 1 to ${EVENT_ID_MAX} letters, digits, “-”, “_”, “.” or “:”, unique for the player (a UUID will do).`,
  typeUnknown: `Unknown event type: send one of ${CLIENT_EVENT_TYPES.map((type) => `“${type}”`).join(', ')}.`,
  typeServerOnly: (type: string) =>
    `“${type}” events are recorded by the server itself (claims and sessions): a game does not send them.`,
  configIdInvalid: `Send the configId of the daily reward the popup showed (1 to ${EVENT_CONFIG_ID_MAX} characters).`,
  clientTimeInvalid: 'clientTime is the device’s time in milliseconds since 1970-01-01 UTC, a whole number.',
  clientTimeTooEarly: 'clientTime is before 2020: check the device’s clock (milliseconds since 1970-01-01 UTC).',
  clientTimeTooLate: 'clientTime is more than a day ahead of the server’s clock: check the device’s clock.',
  propertiesInvalid: `properties is an object of at most ${EVENT_PROPERTIES_MAX} entries, each a string of at most ${EVENT_PROPERTY_VALUE_MAX} characters, a finite number or a boolean, under a name of 1 to ${EVENT_PROPERTY_KEY_MAX} letters, digits or “_”.`,
} as const;

const utf8 = new TextEncoder();
const serverOnly = new Set<string>(['claimed', 'session']);

const PropertyValueSchema = z.union(
  [
    z
      .string()
      .max(EVENT_PROPERTY_VALUE_MAX, ANALYTICS_MESSAGES.propertiesInvalid)
      .refine((text) => !hasForbiddenCharacters(text) && !hasBidiControl(text), ANALYTICS_MESSAGES.propertiesInvalid),
    z.number().refine(Number.isFinite, ANALYTICS_MESSAGES.propertiesInvalid),
    z.boolean(),
  ],
  { error: ANALYTICS_MESSAGES.propertiesInvalid },
);

const PropertiesSchema = z
  .record(
    z.string().regex(new RegExp(`^[A-Za-z0-9_]{1,${EVENT_PROPERTY_KEY_MAX}}$`), ANALYTICS_MESSAGES.propertiesInvalid),
    PropertyValueSchema,
    { error: ANALYTICS_MESSAGES.propertiesInvalid },
  )
  .refine((properties) => Object.keys(properties).length <= EVENT_PROPERTIES_MAX, ANALYTICS_MESSAGES.propertiesInvalid);

/** One event as a game sends it; the player is the token's, the variant the server's, so neither is sent. */
export function clientEventSchema(now: number) {
  return clientEventSchemaBounded(
    z
      .number({ error: ANALYTICS_MESSAGES.clientTimeInvalid })
      .int(ANALYTICS_MESSAGES.clientTimeInvalid)
      .min(EVENT_CLIENT_TIME_MIN, ANALYTICS_MESSAGES.clientTimeTooEarly)
      .max(now + EVENT_CLIENT_TIME_MAX_AHEAD_MS, ANALYTICS_MESSAGES.clientTimeTooLate),
  );
}

function clientEventSchemaBounded(clientTime: z.ZodType<number>) {
  return z
    .strictObject(
      {
        id: z
          .string({ error: ANALYTICS_MESSAGES.eventIdInvalid })
          .regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${EVENT_ID_MAX}}$`), ANALYTICS_MESSAGES.eventIdInvalid),
        type: z.enum(CLIENT_EVENT_TYPES, {
          error: (issue) =>
            typeof issue.input === 'string' && serverOnly.has(issue.input)
              ? ANALYTICS_MESSAGES.typeServerOnly(issue.input)
              : ANALYTICS_MESSAGES.typeUnknown,
        }),
        configId: z
          .string({ error: ANALYTICS_MESSAGES.configIdInvalid })
          .min(1, ANALYTICS_MESSAGES.configIdInvalid)
          .max(EVENT_CONFIG_ID_MAX, ANALYTICS_MESSAGES.configIdInvalid)
          .refine((id) => id.trim() === id && !hasForbiddenCharacters(id), ANALYTICS_MESSAGES.configIdInvalid),
        clientTime,
        properties: PropertiesSchema.optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? ANALYTICS_MESSAGES.eventUnknownFields(issue.keys)
            : ANALYTICS_MESSAGES.eventInvalid,
      },
    )
    .refine((event) => utf8.encode(JSON.stringify(event)).length <= EVENT_MAX_BYTES, ANALYTICS_MESSAGES.eventTooLarge);
}
export type ClientEvent = z.infer<ReturnType<typeof clientEventSchema>>;

/**
 * A batch of events, checked against the server's clock `now` (clientTime may not be more than a day ahead of
 * it). The count is checked before any event is read, so a batch of 10,000 costs one check.
 */
export function eventBatchSchema(now: number) {
  return batchSchemaOf(clientEventSchema(now));
}
export type EventBatch = z.infer<ReturnType<typeof eventBatchSchema>>;

function batchSchemaOf<Event extends z.ZodType>(event: Event) {
  return z.strictObject(
    {
      events: z
        .array(z.unknown(), { error: ANALYTICS_MESSAGES.batchInvalid })
        .min(1, ANALYTICS_MESSAGES.batchEmpty)
        .max(EVENT_BATCH_MAX_EVENTS, ANALYTICS_MESSAGES.batchTooLarge)
        .pipe(z.array(event)),
    },
    { error: ANALYTICS_MESSAGES.batchInvalid },
  );
}

/** The server's clock of the parse under way: the schema is built once, its clientTime bound read at each check. */
let parseNow = 0;
const sharedBatchSchema = batchSchemaOf(
  clientEventSchemaBounded(
    z
      .number({ error: ANALYTICS_MESSAGES.clientTimeInvalid })
      .int(ANALYTICS_MESSAGES.clientTimeInvalid)
      .min(EVENT_CLIENT_TIME_MIN, ANALYTICS_MESSAGES.clientTimeTooEarly)
      .refine((time) => time <= parseNow + EVENT_CLIENT_TIME_MAX_AHEAD_MS, ANALYTICS_MESSAGES.clientTimeTooLate),
  ),
);

/**
 * eventBatchSchema(now).safeParse(body), with the same issues, on a schema built once (building it per request
 * was about 5 % of the ingest's time): the parse is synchronous, so the clock it checks against is set around it.
 */
export function parseEventBatch(body: unknown, now: number): z.ZodSafeParseResult<EventBatch> {
  parseNow = now;
  try {
    return sharedBatchSchema.safeParse(body);
  } finally {
    parseNow = 0;
  }
}

/** A client's event as the server records it: the player from the token, the variant and the day its own. */
export function recordedClientEvent(
  event: ClientEvent,
  stamp: { gameId: string; playerId: string; variantId: string | null; receivedAt: number },
): AnalyticsEvent {
  return {
    id: event.id,
    gameId: stamp.gameId,
    playerId: stamp.playerId,
    kind: event.type,
    configId: event.configId,
    variantId: stamp.variantId,
    day: analyticsDay(stamp.receivedAt),
    cycleDay: null,
    streak: null,
  };
}
