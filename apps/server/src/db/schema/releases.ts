import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PublishedArtifact, ReleaseStatus } from '@liveops/domain/releases';
import { timestamptz } from './columns';
import { ownedByGame } from './games';

/**
 * A publish of a game (decision 019): written under packs/{gameId}/releases/{version}/, then made live by switching
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
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** First live (or failed): the publish time. A rollback sets live_since instead (decision 029). */
    finishedAt: timestamptz('finished_at'),
    liveSince: timestamptz('live_since'),
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
