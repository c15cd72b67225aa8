import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  AssetImageType,
  DailyRewardEntry,
  LayoutNode,
  GameTheme,
  ItemIconId,
  ItemType,
  Orientation,
  PackEntry,
  Platform,
  PublishedArtifact,
  ReleaseStatus,
} from '@liveops/domain';

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
    type: text('type').$type<ItemType>().notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    baseAmount: integer('base_amount').notNull(),
    iconId: text('icon_id').$type<ItemIconId>(),
    assetRefId: text('asset_ref_id'),
    assetName: text('asset_name'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('item_game_idx').on(t.gameId, t.ownerId, t.createdAt)],
);

/** §3 Pack. Its value is computed from its items whenever it is read, so it never goes stale. */
export const pack = pgTable(
  'pack',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    contents: jsonb('contents').$type<PackEntry[]>().notNull(),
    iconId: text('icon_id').$type<ItemIconId>(),
    assetRefId: text('asset_ref_id'),
    assetName: text('asset_name'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('pack_game_idx').on(t.gameId, t.ownerId, t.createdAt)],
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
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('daily_reward_game_idx').on(t.gameId, t.ownerId, t.createdAt)],
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
