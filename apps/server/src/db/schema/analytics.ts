import { boolean, date, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Analytics (decisions 042 and 044). The key columns hold '' for "all": a rollup of the game
 * has config_id '' and variant_id '', of a config variant_id '' (config and variant ids are never empty), so one
 * primary key covers the three scopes without NULLs. No foreign keys (decision 041: a key check per row on the
 * hot path); the analytics_game_delete and analytics_player_delete triggers (migration 0016) delete with the game
 * or the player.
 *
 * analytics_event is PARTITIONED BY RANGE (day) in the migration (drizzle-kit cannot say it): one partition a
 * day, created ahead and dropped after its retention by analytics-partitions.ts. (The rollup markers, once a
 * partitioned table too, are in the players' presences since decision 048.)
 */
export const analyticsEvent = pgTable(
  'analytics_event',
  {
    gameId: text('game_id').notNull(),
    playerRef: text('player_ref').notNull(),
    /** The client's id for shown/closed, the server's for claimed/session: unique per (game, player). */
    id: text('id').notNull(),
    kind: text('kind').$type<'shown' | 'closed' | 'claimed' | 'session'>().notNull(),
    configId: text('config_id'),
    variantId: text('variant_id'),
    /** The server's UTC date of its arrival: the day it counts in, and its partition. */
    day: date('day', { mode: 'string' }).notNull(),
    cycleDay: integer('cycle_day'),
    streak: integer('streak'),
    /** The device's clock, kept for reference only. */
    clientTime: timestamptz('client_time'),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_event_pkey', columns: [t.gameId, t.playerRef, t.id, t.day] })],
);

const rollupCount = (name: string) => integer(name).notNull().default(0);

/** The daily rollups the Analytics tab reads: distinct players per (game, config, variant, UTC day). Kept. */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    gameId: text('game_id').notNull(),
    configId: text('config_id').notNull(),
    variantId: text('variant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * One of ROLLUP_SHARDS rows of the scope's day (0..15): each batch bumps one it picks, so concurrent batches of
     * one game rarely wait for one row lock; a counter is the sum over the shards (decision 044).
     */
    shard: smallint('shard').notNull().default(0),
    /**
     * The counts of the game's test players (decision 053): a player who was a test player when their event was
     * counted. The tab leaves these rows out unless asked to include them; a counter over everyone sums both.
     */
    tester: boolean('tester').notNull().default(false),
    sessions: rollupCount('sessions'),
    shown: rollupCount('shown'),
    closed: rollupCount('closed'),
    claimed: rollupCount('claimed'),
    /** Players with any event that day: the return rates' cohort (decision 047). */
    active: rollupCount('active'),
    /** Of the day's active players (claimers), those with an event in the game the next day and a week later. */
    activeBack1: rollupCount('active_back_1'),
    activeBack7: rollupCount('active_back_7'),
    claimedBack1: rollupCount('claimed_back_1'),
    claimedBack7: rollupCount('claimed_back_7'),
    /** Players who claimed cycle day N (the funnel). */
    cycleDay1: rollupCount('cycle_day_1'),
    cycleDay2: rollupCount('cycle_day_2'),
    cycleDay3: rollupCount('cycle_day_3'),
    cycleDay4: rollupCount('cycle_day_4'),
    cycleDay5: rollupCount('cycle_day_5'),
    cycleDay6: rollupCount('cycle_day_6'),
    cycleDay7: rollupCount('cycle_day_7'),
    /** Players whose claim made a streak in the bucket (STREAK_BUCKETS). */
    streak1: rollupCount('streak_1'),
    streak2: rollupCount('streak_2'),
    streak3: rollupCount('streak_3'),
    streak4: rollupCount('streak_4'),
    streak5: rollupCount('streak_5'),
    streak6: rollupCount('streak_6'),
    streak7: rollupCount('streak_7'),
    streak8To14: rollupCount('streak_8_14'),
    streak15To30: rollupCount('streak_15_30'),
    streak31Plus: rollupCount('streak_31_plus'),
  },
  (t) => [
    primaryKey({
      name: 'analytics_daily_pkey',
      columns: [t.gameId, t.day, t.configId, t.variantId, t.shard, t.tester],
    }),
  ],
);

/**
 * A player's presences of the last days (decision 047): by UTC day, the scopes they were active and claimed in
 * ('' the game, else a config id), the domain's PlayerPresence. One row per player: every analytics batch locks its
 * players' rows first, so two batches of one player never miss each other's half of a return pair. Deleted with
 * the game or the player by the analytics triggers (migration 0019).
 */
export const analyticsPresence = pgTable(
  'analytics_presence',
  {
    gameId: text('game_id').notNull(),
    playerRef: text('player_ref').notNull(),
    days: jsonb('days').$type<Record<string, { a: string[]; c: string[] }>>().notNull().default({}),
  },
  (t) => [primaryKey({ name: 'analytics_presence_pkey', columns: [t.gameId, t.playerRef] })],
);
