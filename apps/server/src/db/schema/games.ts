import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { CustomAttribute } from '@liveops/domain/segments';
import type { GameTheme, Platform } from '@liveops/domain/games';
import type { Orientation } from '@liveops/domain/layout';
import { studioRef } from './studios';
import { timestamps } from './columns';

/** Game. Its owner (ownerId) is a studio (decision 064): only the studio's members see its rows. */
export const game = pgTable(
  'game',
  {
    id: text('id').primaryKey(),
    ownerId: studioRef('owner_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    platforms: jsonb('platforms').$type<Platform[]>().notNull(),
    orientation: text('orientation').$type<Orientation>().notNull(),
    sdkKey: text('sdk_key').notNull().unique(),
    /**
     * The player runtime's server secret (decision 034): the game's own backend signs player ids and
     * server-to-server wallet calls with it. Never sent to a game client; shown on Game Profile on request.
     */
    serverSecret: text('server_secret').notNull(),
    /** Sessions must carry a player id signed with the server secret (Game Profile's switch). */
    requireSignedPlayerIds: boolean('require_signed_player_ids').notNull().default(false),
    /**
     * Custom player attributes the studio declares (decision 039): name and type, so that segment expressions over
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
    ...timestamps(),
  },
  (t) => [index('game_owner_idx').on(t.ownerId, t.enabled, t.createdAt)],
);

/** A game's id on a row that goes with the game. */
export const gameRef = () =>
  text('game_id')
    .notNull()
    .references(() => game.id, { onDelete: 'cascade' });

/** Columns every record owned through a game carries (the spec's common metadata); its owner is the game's studio. */
export const ownedByGame = () => ({ gameId: gameRef(), ownerId: studioRef('owner_id') });
