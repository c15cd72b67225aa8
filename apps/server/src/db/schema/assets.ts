import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { AssetImageType } from '@liveops/domain/assets';
import { ownedByGame } from './games';

/** Asset: the record only; the image bytes live in storage under storageKey. */
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
