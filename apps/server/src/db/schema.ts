import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AssetImageType } from '@liveops/domain/assets';
import type { DailyRewardEntry, MissedDaySetting } from '@liveops/domain/daily-rewards';
import type { GameTheme, Platform } from '@liveops/domain/games';
import type { ItemIconId, ItemType, PackEntry } from '@liveops/domain/inventory';
import type { LayoutNode, Orientation } from '@liveops/domain/layout';
import type { PublishedArtifact, ReleaseStatus } from '@liveops/domain/releases';
import type { CustomAttribute } from '@liveops/domain/segments';

/** Better Auth's tables (user, session, account, verification, rate_limit) and ours, in one schema. */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Server-wide settings that every instance must share, such as the generated auth secret. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** §3 Game. Rows are never shown to anyone but their owner (ownerId). */
export const game = pgTable(
  'game',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    platforms: jsonb('platforms').$type<Platform[]>().notNull(),
    orientation: text('orientation').$type<Orientation>().notNull(),
    sdkKey: text('sdk_key').notNull().unique(),
    /**
     * The player runtime's server secret (issue 21, decision 034): the game's own backend signs player ids and
     * server-to-server wallet calls with it. Never sent to a game client; shown on Game Profile on request.
     */
    serverSecret: text('server_secret').notNull(),
    /** Sessions must carry a player id signed with the server secret (Game Profile's switch). */
    requireSignedPlayerIds: boolean('require_signed_player_ids').notNull().default(false),
    /**
     * Custom player attributes the studio declares (issue 22): name and type, so that segment expressions over
     * them are type-checked. Sessions send them in `attributes`; the built-in fields keep their names.
     */
    customAttributes: jsonb('custom_attributes')
      .$type<CustomAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<'active'>().notNull().default('active'),
    tier: text('tier').$type<'free'>().notNull().default('free'),
    owner: text('owner'),
    theme: jsonb('theme').$type<GameTheme>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // The game this one was duplicated from as a staging copy (decision 027); no foreign key, since the copy stays
    // a staging copy after its source is deleted.
    stagingCopyOf: text('staging_copy_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_owner_idx').on(t.ownerId, t.enabled, t.createdAt)],
);

/** Columns every record owned through a game carries (§3 common metadata). */
const ownedByGame = () => ({
  gameId: text('game_id')
    .notNull()
    .references(() => game.id, { onDelete: 'cascade' }),
  ownerId: text('owner_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
});
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** §3 Asset: the record only; the image bytes live in storage under storageKey. */
export const asset = pgTable(
  'asset',
  {
    /** gameId and assetId joined by an underscore; the primary key settles duplicate-ID races. */
    id: text('id').primaryKey(),
    assetId: text('asset_id').notNull(),
    ...ownedByGame(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    type: text('type').$type<AssetImageType>().notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('asset_game_idx').on(t.gameId, t.ownerId, t.createdAt)],
);

/** §3 Segment: a CEL rule over the player fields, checked on the way in. */
export const segment = pgTable(
  'segment',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    expression: text('expression').notNull(),
    logicType: text('logic_type').$type<'CEL'>().notNull().default('CEL'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('segment_game_idx').on(t.gameId, t.ownerId, t.createdAt)],
);

/** §3 Item. Value is kept in cents so pack sums are exact. */
export const item = pgTable(
  'item',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    /** The studio's key (decision 051): unique in the game, fixed once the item is in a release. */
    key: text('key').notNull(),
    keyFixed: boolean('key_fixed').notNull().default(false),
    type: text('type').$type<ItemType>().notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    baseAmount: integer('base_amount').notNull(),
    iconId: text('icon_id').$type<ItemIconId>(),
    assetRefId: text('asset_ref_id'),
    assetName: text('asset_name'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('item_game_idx').on(t.gameId, t.ownerId, t.createdAt),
    uniqueIndex('item_game_key_idx').on(t.gameId, t.key),
  ],
);

/** §3 Pack. Its value is computed from its items whenever it is read, so it never goes stale. */
export const pack = pgTable(
  'pack',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    /** The studio's key (decision 051): unique in the game, fixed once the pack is in a release. */
    key: text('key').notNull(),
    keyFixed: boolean('key_fixed').notNull().default(false),
    contents: jsonb('contents').$type<PackEntry[]>().notNull(),
    iconId: text('icon_id').$type<ItemIconId>(),
    assetRefId: text('asset_ref_id'),
    assetName: text('asset_name'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('pack_game_idx').on(t.gameId, t.ownerId, t.createdAt),
    uniqueIndex('pack_game_key_idx').on(t.gameId, t.key),
  ],
);

/**
 * §3 Daily reward config. Rewards are saved whole (all 7 days) but may be empty on a new config; uiLayout is
 * null until the UI editor saves one (the default layout is generated when it is shown).
 */
export const dailyReward = pgTable(
  'daily_reward',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    rewards: jsonb('rewards').$type<DailyRewardEntry[]>().notNull(),
    uiLayout: jsonb('ui_layout').$type<LayoutNode>(),
    layoutVersion: integer('layout_version').notNull().default(0),
    /** How many times the days (rewards) have been saved: a save names the one it started from (issue 24). */
    rewardsVersion: integer('rewards_version').notNull().default(0),
    /**
     * When a player's day starts (decision 034): 'player_midnight' (the player's own time zone) or 'utc_time' at
     * dayStartMinute minutes after 00:00 UTC.
     */
    dayStartKind: text('day_start_kind').$type<'player_midnight' | 'utc_time'>().notNull().default('player_midnight'),
    dayStartMinute: integer('day_start_minute').notNull().default(0),
    /** What a missed day does to a player's progress: keep it, or start over at day 1. */
    missedDay: text('missed_day').$type<MissedDaySetting>().notNull().default('keep_progress'),
    /**
     * Targeting and schedule (issue 22): the players it applies to (a segment of the same game; null = everyone),
     * when it applies (UTC; null = open-ended) and its priority. A player gets the one config that applies to them
     * with the highest priority, ties broken by the oldest. A segment in use cannot be deleted (no action FK).
     */
    segmentId: text('segment_id').references(() => segment.id),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    priority: integer('priority').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('daily_reward_game_idx').on(t.gameId, t.ownerId, t.createdAt),
    index('daily_reward_segment_idx').on(t.segmentId),
  ],
);

/**
 * A publish of a game (issue 11): written under packs/{gameId}/releases/{version}/, then made live by switching
 * the stable paths and manifest.json. At most one row per game is live. `artifacts` is what the modal lists.
 */
export const release = pgTable(
  'release',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    version: integer('version').notNull(),
    status: text('status').$type<ReleaseStatus>().notNull(),
    live: boolean('live').notNull().default(false),
    artifacts: jsonb('artifacts').$type<PublishedArtifact[]>().notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** First live (or failed): the publish time. A rollback sets live_since instead (decision 029). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    liveSince: timestamp('live_since', { withTimezone: true }),
    /** Who published it, as their name and email read at the time (kept when the account changes). */
    publishedBy: text('published_by'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('release_game_version_idx').on(t.gameId, t.version),
    uniqueIndex('release_game_live_idx')
      .on(t.gameId)
      .where(sql`${t.live}`),
  ],
);

/**
 * Storage work this deployment began and has not yet handed to a row (decision 026): committed before the first
 * byte is written (or, for a removal, with the row that stops referencing the bytes), and deleted in the
 * transaction that records what was written. The start-up cleanup acts only on intents of instances that are
 * gone, so it never touches an object this deployment did not write. 'objects': every stored key starting with
 * `prefix` is to go (an asset's key names that one object). 'stable': the stable paths of the game under `prefix`
 * (packs/{gameId}/) are being switched; if left, they are put back to the live release.
 */
export const storageIntent = pgTable(
  'storage_intent',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'objects' | 'stable'>().notNull(),
    prefix: text('prefix').notNull(),
    instanceId: text('instance_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_intent_instance_idx').on(t.instanceId)],
);

/** A running server instance (one per process start), with a heartbeat: whose storage intents are still in flight. */
export const serverInstance = pgTable('server_instance', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A game's player, created on first sight by the player runtime (issue 21). `playerId` is the game's own id for
 * them; `id` is ours. The time zone decides a day under 'player_midnight' and changes at most once per 24 h.
 */
export const player = pgTable(
  'player',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    timeZone: text('time_zone').notNull(),
    timeZoneChangedAt: timestamp('time_zone_changed_at', { withTimezone: true }),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull(),
    /** Sessions started so far (the segments' `sessionCount`), counted by the server (issue 22). */
    sessionCount: integer('session_count').notNull().default(0),
    /** The ids of the game's segments the player matched at their last session (issue 22). */
    matchedSegments: text('matched_segments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('player_game_player_idx').on(t.gameId, t.playerId)],
);

/** What a player holds of each item. Never below 0; always the sum of the player's ledger for that item. */
export const walletBalance = pgTable(
  'wallet_balance',
  {
    // No foreign key on the hot player tables (decision 041): a key check locks the player's row on every claim,
    // a write of its own. The player_children_delete trigger (migration 0014) deletes them with their player.
    playerRef: text('player_ref').notNull(),
    itemId: text('item_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerRef, t.itemId] }),
    check('wallet_balance_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** Every change of a balance, signed, with what caused it. Item ids stay as text: an item may be deleted later. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key (decision 041): deleted with the player by the player_children_delete trigger.
    playerRef: text('player_ref').notNull(),
    itemId: text('item_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason')
      .$type<'base_amount' | 'daily_reward' | 'server_grant' | 'server_consume' | 'support_grant'>()
      .notNull(),
    configId: text('config_id'),
    day: integer('day'),
    /** The claim or server operation that made this change. */
    operationId: text('operation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wallet_ledger_player_idx').on(t.playerRef, t.id)],
);

/**
 * One row per daily-reward grant. (player, config, seq) is the key: a claim writes seq = the last claim's + 1, so
 * of two claims that read the same last claim only one can commit, on any instance. (player, idempotency key) is
 * unique too, and `response` is the answer, sent again to a retry with the same key. No foreign keys (decision
 * 041): a key check would lock the player's row and the config's row (every player's claims on one row) on every
 * claim; the player_children_delete and daily_reward_claims_delete triggers delete claims with their player or
 * config. `id` names the claim in the ledger (operation_id); it needs no index.
 */
export const dailyRewardClaim = pgTable(
  'daily_reward_claim',
  {
    id: text('id').notNull(),
    playerRef: text('player_ref').notNull(),
    configId: text('config_id').notNull(),
    seq: integer('seq').notNull(),
    /**
     * 'claim' is a grant. 'reset' and 'set_streak' are adjustments (a tester's "Reset progress", support actions,
     * issues 22 and 23): they take the next seq like a claim, so they race safely with claims, and grant nothing
     * (pack_id '' and no ledger entries).
     */
    kind: text('kind').$type<'claim' | 'reset' | 'set_streak'>().notNull().default('claim'),
    dayKey: integer('day_key').notNull(),
    cycleDay: integer('cycle_day').notNull(),
    streak: integer('streak').notNull(),
    packId: text('pack_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** json, not jsonb: the answer is kept as sent, so a retry gets the same bytes. */
    response: json('response').$type<unknown>().notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'daily_reward_claim_pkey', columns: [t.playerRef, t.configId, t.seq] }),
    uniqueIndex('daily_reward_claim_key_idx').on(t.playerRef, t.idempotencyKey),
    // The analytics feed reads the last minutes' claims (decision 045). Rows arrive in about claimed_at order, so a
    // BRIN index (a summary per block range, nearly free to keep up) finds them without a b-tree insert per claim.
    index('daily_reward_claim_claimed_at_idx').using('brin', t.claimedAt),
  ],
);

/**
 * A test player (issue 22): one of the game's player ids whose runtime clock runs at server time plus
 * clockOffsetMs (at most a year either way). Set only from the dashboard, never by a game client.
 */
export const testPlayer = pgTable(
  'test_player',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    playerId: text('player_id').notNull(),
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('test_player_game_player_idx').on(t.gameId, t.playerId),
    check('test_player_offset_bounded', sql`abs(${t.clockOffsetMs}) <= 31622400000`),
  ],
);

/** A grant or consume by the game's backend, once per idempotency key of the game; `response` is its answer. */
export const walletOperation = pgTable(
  'wallet_operation',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    playerRef: text('player_ref')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request it answered, so a retry with the same key and another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** json, not jsonb: the answer is kept as sent, so a retry gets the same bytes. */
    response: json('response').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('wallet_operation_key_idx').on(t.gameId, t.idempotencyKey)],
);

/**
 * The server-signed calls received (issue 35 item 1, decision 057): a signature's hash, kept until its timestamp
 * is no longer accepted, so a captured call sent again is refused on every instance. Pruned as it expires.
 */
export const serverSignature = pgTable(
  'server_signature',
  {
    hash: text('hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('server_signature_expires_idx').on(t.expiresAt)],
);

/**
 * A support action on a player (issue 23, decision 043): who did it and when, why, and what it did. A grant's
 * ledger entries name the action (operation_id); a reset's or set streak's claim row is `support:<id>`. Once per
 * (player, idempotency key): a double click acts once. Kept with the player and deleted with them.
 */
export const supportAction = pgTable(
  'support_action',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    playerRef: text('player_ref')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'reset_progress' | 'grant_pack' | 'set_streak'>().notNull(),
    reason: text('reason').notNull(),
    /** What it acted on and did: the config, the pack and its contents, the streak set. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** The user who did it, as they were then: the email stays readable if the account changes. */
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request it answered, so a retry with the same key and another body is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_action_key_idx').on(t.playerRef, t.idempotencyKey),
    index('support_action_player_idx').on(t.playerRef, t.createdAt),
  ],
);

/**
 * Analytics (issue 23, decisions 042 and 044). The key columns hold '' for "all": a rollup of the game
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
    clientTime: timestamp('client_time', { withTimezone: true }),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
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

/**
 * A/B test of a daily reward config's popup (issue 23 item 4, decision 046). At most one running experiment per
 * config (the partial unique index); an ended one is kept for the analytics' history, with its winner (null when
 * ended without promoting). A new start is a new id, so everyone is reshuffled. Deleted with its config.
 */
export const experiment = pgTable(
  'experiment',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    configId: text('config_id')
      .notNull()
      .references(() => dailyReward.id, { onDelete: 'cascade' }),
    status: text('status').$type<'running' | 'ended'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    winnerVariantId: text('winner_variant_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('experiment_config_running_idx')
      .on(t.configId)
      .where(sql`${t.status} = 'running'`),
    index('experiment_config_idx').on(t.configId, t.startedAt),
    index('experiment_game_idx').on(t.gameId, t.ownerId),
  ],
);

/**
 * An experiment's variant, in its order (position 0 is the control). The control's layout is the config's own
 * (ui_layout null here); every other variant has its own layout and version, like the config's.
 */
export const experimentVariant = pgTable(
  'experiment_variant',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiment.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    uiLayout: jsonb('ui_layout').$type<LayoutNode>(),
    layoutVersion: integer('layout_version').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'experiment_variant_pkey', columns: [t.experimentId, t.variantId] })],
);

/**
 * A player's first assignment in an experiment, written once (ON CONFLICT DO NOTHING) and never changed, so a
 * weight edit moves nobody already assigned. Written by the runtime's hot path: no foreign keys (decision 041);
 * the experiment_assignment_delete triggers (migration 0018) delete the rows with their experiment or player.
 */
export const experimentAssignment = pgTable(
  'experiment_assignment',
  {
    gameId: text('game_id').notNull(),
    experimentId: text('experiment_id').notNull(),
    playerRef: text('player_ref').notNull(),
    variantId: text('variant_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'experiment_assignment_pkey', columns: [t.experimentId, t.playerRef] })],
);
