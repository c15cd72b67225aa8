import { sql } from 'drizzle-orm';
import {
  advancePresence,
  analyticsDay,
  emptyRollupRow,
  markPresence,
  returnPairMarkers,
  STREAK_BUCKETS,
  type AnalyticsEvent,
  type PlayerPresence,
  type RollupCounter,
  type RollupMarker,
  type RollupRow,
  type StreakBucketId,
} from '@liveops/domain/analytics';
import { DAILY_CYCLE_LENGTH } from '@liveops/domain/daily-rewards';
import type { Db } from '../db/database';
import { databaseErrorCode } from '../db/database-errors';
import { ensureAnalyticsPartitions } from './analytics-partitions';

/**
 * Recording analytics events and reading their daily rollups (decisions 042 and 044).
 *
 * A batch is one transaction of three statements: the raw events (ON CONFLICT DO NOTHING on (game, player, id,
 * day), and not already recorded the day before, so a retry across midnight is a replay too); the presence rows
 * of the new events' players, made if missing and locked; then the changed presences and each rollup row bumped by
 * the markers that were new. A player's markers of their last two days are kept in their presence row (the
 * domain's markPresence), so the row lock that orders a player's batches also decides which markers are new: a
 * counter is always the number of its markers, whatever the order, split or replay of the batches, and the rollups
 * equal a recount of the raw events (the domain's recountRollups). (Markers were rows of a table of their own until
 * decision 048: eight to twelve index entries a claim, most of what the analytics cost the database.)
 *
 * Shards (decision 044): a scope's day is up to ROLLUP_SHARDS rows, and each batch bumps the
 * rows of one shard it picks at random. A marker counts once wherever its +1 lands, so a counter is the sum of its
 * rows, which is what every reader reads; and concurrent batches of one game (a reset burst) rarely wait for each
 * other's row lock until COMMIT, as they all did when a game's day was one row.
 *
 * Return rates (decision 047): the domain's advancePresence decides which return pairs the new events complete,
 * and the last statement also adds the pairs to their cohort days' rows. The lock makes two batches of one player
 * take turns, so neither misses the other's half of a pair, nor counts a marker the other counted.
 */

/** What is kept of a client's event beside what it counts: the device's clock and its properties. */
export type RecordedEvent = AnalyticsEvent & {
  clientTime: number | null;
  properties: Record<string, string | number | boolean> | null;
};

/** Each rollup counter and its column of analytics_daily. */
const COUNTER_COLUMNS: [RollupCounter, string][] = [
  ['sessions', 'sessions'],
  ['shown', 'shown'],
  ['closed', 'closed'],
  ['claimed', 'claimed'],
  ['active', 'active'],
  ['back:active:1', 'active_back_1'],
  ['back:active:7', 'active_back_7'],
  ['back:claimed:1', 'claimed_back_1'],
  ['back:claimed:7', 'claimed_back_7'],
  ...Array.from({ length: DAILY_CYCLE_LENGTH }, (_, at): [RollupCounter, string] => [
    `cycle_day:${at + 1}`,
    `cycle_day_${at + 1}`,
  ]),
  ...STREAK_BUCKETS.map(({ id }): [RollupCounter, string] => [
    `streak:${id}`,
    `streak_${id.replace('-', '_').replace('+', '_plus')}`,
  ]),
];

const columns = COUNTER_COLUMNS.map(([, column]) => `"${column}"`).join(', ');
const counts = COUNTER_COLUMNS.map(
  ([counter, column]) => `count(*) FILTER (WHERE counter = '${counter}') AS "${column}"`,
).join(', ');
const sums = COUNTER_COLUMNS.map(([, column]) => `sum("${column}")::bigint AS "${column}"`).join(', ');
const bumps = COUNTER_COLUMNS.map(
  ([, column]) => `"${column}" = analytics_daily."${column}" + excluded."${column}"`,
).join(', ');

/** The rows a scope's day is split into (shard 0..15); readers sum over them. */
export const ROLLUP_SHARDS = 16;

const DAY_MS = 86_400_000;
/** Days whose partitions this process made sure of, per database (the upkeep never drops today's or yesterday's). */
const readyDays = new WeakMap<Db, Set<string>>();

const isMissingPartition = (error: unknown) =>
  databaseErrorCode(error) === '23514' && /no partition/i.test(String((error as { cause?: unknown }).cause ?? error));

/**
 * Records events that all arrived at `receivedAt` (their `day` is its UTC date) in one transaction; answers how
 * many were new and how many were replays of events already recorded.
 */
export async function recordAnalyticsEvents(
  db: Db,
  events: readonly RecordedEvent[],
  receivedAt: number,
): Promise<{ accepted: number; duplicates: number }> {
  if (!events.length) return { accepted: 0, duplicates: 0 };
  const day = analyticsDay(receivedAt);
  if (events.some((event) => event.day !== day)) throw new Error('events of one batch count in one day');
  const ready = readyDays.get(db) ?? new Set<string>();
  readyDays.set(db, ready);
  if (!ready.has(day)) {
    await ensureAnalyticsPartitions(db, day, day);
    ready.add(day);
  }
  try {
    return await write(db, events, receivedAt);
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    // Dropped meanwhile (a test's clock, or an operator): made again, and the batch written once more.
    await ensureAnalyticsPartitions(db, day, day);
    return write(db, events, receivedAt);
  }
}

async function write(db: Db, events: readonly RecordedEvent[], receivedAt: number) {
  const day = analyticsDay(receivedAt);
  const yesterday = analyticsDay(receivedAt - DAY_MS);
  // One order for every writer, so two batches of one player wait for each other instead of deadlocking.
  const sorted = [...events].sort((a, b) =>
    a.gameId === b.gameId
      ? a.playerId === b.playerId
        ? cmp(a.id, b.id)
        : cmp(a.playerId, b.playerId)
      : cmp(a.gameId, b.gameId),
  );
  const raw = sorted.map((event) => ({
    game_id: event.gameId,
    player_ref: event.playerId,
    id: event.id,
    kind: event.kind,
    config_id: event.configId,
    variant_id: event.variantId,
    cycle_day: event.cycleDay,
    streak: event.streak,
    client_time: event.clientTime === null ? null : new Date(event.clientTime).toISOString(),
    properties: event.properties,
  }));
  return db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      INSERT INTO analytics_event (game_id, player_ref, id, kind, config_id, variant_id, day, cycle_day, streak,
        client_time, properties, received_at)
      SELECT e.game_id, e.player_ref, e.id, e.kind, e.config_id, e.variant_id, ${day}::date, e.cycle_day, e.streak,
        e.client_time, e.properties, ${new Date(receivedAt).toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(raw)}::jsonb) AS e(game_id text, player_ref text, id text, kind text,
        config_id text, variant_id text, cycle_day int, streak int, client_time timestamptz, properties jsonb)
      WHERE NOT EXISTS (
        SELECT 1 FROM analytics_event o
        WHERE o.game_id = e.game_id AND o.player_ref = e.player_ref AND o.id = e.id AND o.day = ${yesterday}::date)
      ON CONFLICT DO NOTHING
      RETURNING game_id, player_ref, id, kind, config_id, variant_id, cycle_day, streak`)) as unknown as {
      rows: {
        game_id: string;
        player_ref: string;
        id: string;
        kind: AnalyticsEvent['kind'];
        config_id: string | null;
        variant_id: string | null;
        cycle_day: number | null;
        streak: number | null;
      }[];
    };
    // The markers of the rows that went in, read back from them: when a batch holds one id twice, which of the two
    // the database kept depends on its plan (a hash join may reorder the rows), so it is never guessed.
    const fresh: AnalyticsEvent[] = inserted.rows.map((row) => ({
      id: row.id,
      gameId: row.game_id,
      playerId: row.player_ref,
      kind: row.kind,
      configId: row.config_id,
      variantId: row.variant_id,
      day,
      cycleDay: row.cycle_day === null ? null : Number(row.cycle_day),
      streak: row.streak === null ? null : Number(row.streak),
    }));
    const { presences, markers: marked, pairs, testers } = await advancePresences(tx, fresh);
    // Sorted by a key made once per marker (not per comparison): the same order for every writer. A test player's
    // markers count in the tester rows (decision 053); the marker itself is the player's either way, so a counter
    // over everyone is still the number of distinct markers.
    const markerRows = (list: RollupMarker[]) =>
      list.map(({ key, counter, playerId }) => {
        const row = {
          game_id: key.gameId,
          config_id: key.configId ?? '',
          variant_id: key.variantId ?? '',
          day: key.day,
          tester: testers.has(`${key.gameId}\u0000${playerId}`),
          counter,
          player_ref: playerId,
        };
        const order = [
          row.game_id,
          row.config_id,
          row.variant_id,
          row.day,
          row.tester ? '1' : '0',
          row.counter,
          row.player_ref,
        ].join('\u0000');
        return { row, order };
      });
    const counted = markerRows([...marked, ...pairs])
      .sort((a, b) => cmp(a.order, b.order))
      .map(({ row }) => row);
    // One shard for all of this batch's rows, so they are still locked in one order (game, day, config, variant,
    // tester).
    const shard = Math.floor(Math.random() * ROLLUP_SHARDS);
    if (counted.length || presences.length) {
      await tx.execute(sql`
        WITH presence AS (
          UPDATE analytics_presence p SET days = v.days
          FROM jsonb_to_recordset(${JSON.stringify(presences)}::jsonb) AS v(game_id text, player_ref text, days jsonb)
          WHERE p.game_id = v.game_id AND p.player_ref = v.player_ref),
        counted AS (
          SELECT m.game_id, m.config_id, m.variant_id, m.day::date AS day, m.tester, m.counter
          FROM jsonb_to_recordset(${JSON.stringify(counted)}::jsonb) AS m(game_id text, config_id text, variant_id text,
            day text, tester boolean, counter text))
        INSERT INTO analytics_daily (game_id, config_id, variant_id, day, shard, tester, ${sql.raw(columns)})
        SELECT game_id, config_id, variant_id, day, ${shard}::smallint, tester, ${sql.raw(counts)}
        FROM counted GROUP BY game_id, day, config_id, variant_id, tester
        ORDER BY game_id, day, config_id, variant_id, tester
        ON CONFLICT (game_id, day, config_id, variant_id, shard, tester) DO UPDATE SET ${sql.raw(bumps)}`);
    }
    return { accepted: inserted.rows.length, duplicates: events.length - inserted.rows.length };
  });
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The markers the new events add (decision 048) and the return pairs they complete (decision 047), and the
 * presences they changed. The players' rows are made if missing and locked, in (game, player) order, by one upsert
 * that answers each row as it is now: a concurrent batch of the same player waits here until this one commits, and
 * then reads what it wrote.
 */
async function advancePresences(tx: Tx, fresh: readonly AnalyticsEvent[]) {
  const players = [...new Map(fresh.map((e) => [`${e.gameId}\u0000${e.playerId}`, e])).entries()]
    .sort(([a], [b]) => cmp(a, b))
    .map(([, e]) => ({ game_id: e.gameId, player_ref: e.playerId }));
  if (!players.length) return { presences: [], markers: [], pairs: [], testers: new Set<string>() };
  const locked = (await tx.execute(sql`
    INSERT INTO analytics_presence (game_id, player_ref)
    SELECT p.game_id, p.player_ref FROM jsonb_to_recordset(${JSON.stringify(players)}::jsonb) AS p(game_id text,
      player_ref text)
    ORDER BY p.game_id, p.player_ref
    ON CONFLICT (game_id, player_ref) DO UPDATE SET days = analytics_presence.days
    RETURNING game_id, player_ref, days, EXISTS (
      SELECT 1 FROM player pl JOIN test_player t ON t.game_id = pl.game_id AND t.player_id = pl.player_id
      WHERE pl.id = analytics_presence.player_ref AND pl.game_id = analytics_presence.game_id) AS tester`)) as unknown as {
    rows: { game_id: string; player_ref: string; days: PlayerPresence | string; tester: boolean }[];
  };
  // The game's test players among them, as they are now (decision 053): their new counts go to the tester rows.
  const testers = new Set(
    locked.rows.filter((row) => row.tester).map((row) => `${row.game_id}\u0000${row.player_ref}`),
  );
  const before = new Map<string, string>();
  const now = new Map<string, PlayerPresence>();
  for (const row of locked.rows) {
    const days = typeof row.days === 'string' ? (JSON.parse(row.days) as PlayerPresence) : row.days;
    before.set(`${row.game_id}\u0000${row.player_ref}`, JSON.stringify(days));
    now.set(`${row.game_id}\u0000${row.player_ref}`, days);
  }
  const markers: RollupMarker[] = [];
  const pairs: RollupMarker[] = [];
  for (const event of fresh) {
    const player = `${event.gameId}\u0000${event.playerId}`;
    const marked = markPresence(now.get(player) ?? {}, event);
    // Nothing new (the player's day already counted all of it): no new presence either, as in the domain's fold.
    if (!marked.markers.length) continue;
    markers.push(...marked.markers);
    const step = advancePresence(marked.presence, {
      day: event.day,
      configId: event.configId,
      claimed: event.kind === 'claimed',
    });
    now.set(player, step.presence);
    pairs.push(...returnPairMarkers(event.gameId, event.playerId, step.pairs));
  }
  const presences = [...now]
    .filter(([player, days]) => before.get(player) !== JSON.stringify(days))
    .map(([player, days]) => {
      const [gameId, playerRef] = player.split('\u0000') as [string, string];
      return { game_id: gameId, player_ref: playerRef, days };
    });
  return { presences, markers, pairs, testers };
}

/**
 * The rollup rows of a game from `from` to `to` (YYYY-MM-DD, inclusive) at one scope: the game (configId null) or
 * a config (all its players, variantId null) or a variant of it. Only rollup rows are read, never raw events: a
 * day's counters are the sums of its shards' rows (and, with `testers`, of the test players' rows too).
 */
export async function readDailyRollups(
  db: Db,
  scope: {
    gameId: string;
    configId: string | null;
    variantId: string | null;
    from: string;
    to: string;
    /** Count the game's test players too; without it their rows are left out (decision 053). */
    testers?: boolean;
  },
): Promise<RollupRow[]> {
  const result = (await db.execute(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, ${sql.raw(sums)} FROM analytics_daily
    WHERE game_id = ${scope.gameId} AND config_id = ${scope.configId ?? ''} AND variant_id = ${scope.variantId ?? ''}
      AND day BETWEEN ${scope.from}::date AND ${scope.to}::date ${scope.testers ? sql`` : sql`AND NOT tester`}
    GROUP BY day ORDER BY day`)) as unknown as { rows: Record<string, string | number>[] };
  return result.rows.map((row) => {
    const key = { gameId: scope.gameId, configId: scope.configId, variantId: scope.variantId, day: String(row.day) };
    const empty = emptyRollupRow(key);
    const value = (column: string) => Number(row[column] ?? 0);
    return {
      ...empty,
      sessions: value('sessions'),
      shown: value('shown'),
      closed: value('closed'),
      claimed: value('claimed'),
      active: value('active'),
      activeBackNextDay: value('active_back_1'),
      activeBackDay7: value('active_back_7'),
      claimedBackNextDay: value('claimed_back_1'),
      claimedBackDay7: value('claimed_back_7'),
      claimedByCycleDay: empty.claimedByCycleDay.map((_, at) => value(`cycle_day_${at + 1}`)),
      claimedByStreak: Object.fromEntries(
        COUNTER_COLUMNS.filter(([counter]) => counter.startsWith('streak:')).map(([counter, column]) => [
          counter.slice('streak:'.length),
          value(column),
        ]),
      ) as Record<StreakBucketId, number>,
    };
  });
}
