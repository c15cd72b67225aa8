import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idempotentRequest, timestamptz } from './columns';
import { gameRef, ownedByGame } from './games';

/**
 * A game's player, created on first sight by the player runtime (decision 034). `playerId` is the game's own id for
 * them; `id` is ours. The time zone decides a day under 'player_midnight' and changes at most once per 24 h.
 */
export const player = pgTable(
  'player',
  {
    id: text('id').primaryKey(),
    gameId: gameRef(),
    playerId: text('player_id').notNull(),
    timeZone: text('time_zone').notNull(),
    timeZoneChangedAt: timestamptz('time_zone_changed_at'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull(),
    /** Sessions started so far (the segments' `sessionCount`), counted by the server (decision 039). */
    sessionCount: integer('session_count').notNull().default(0),
    /** The ids of the game's segments the player matched at their last session (decision 039). */
    matchedSegments: text('matched_segments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('player_game_player_idx').on(t.gameId, t.playerId)],
);

/** A player's row id on a row that goes with the player. */
export const playerRef = () =>
  text('player_ref')
    .notNull()
    .references(() => player.id, { onDelete: 'cascade' });

/**
 * A support action on a player (decision 043): who did it and when, why, and what it did. A grant's
 * ledger entries name the action (operation_id); a reset's or set streak's claim row is `support:<id>`. Once per
 * (player, idempotency key): a double click acts once. Kept with the player and deleted with them.
 */
export const supportAction = pgTable(
  'support_action',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    playerRef: playerRef(),
    kind: text('kind').$type<'reset_progress' | 'grant_pack' | 'set_streak'>().notNull(),
    reason: text('reason').notNull(),
    /** What it acted on and did: the config, the pack and its contents, the streak set. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** The user who did it, as they were then: the email stays readable if the account changes. */
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    ...idempotentRequest(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('support_action_key_idx').on(t.playerRef, t.idempotencyKey),
    index('support_action_player_idx').on(t.playerRef, t.createdAt),
  ],
);
