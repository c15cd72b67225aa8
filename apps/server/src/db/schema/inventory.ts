import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ItemIconId, ItemType, PackEntry } from '@liveops/domain/inventory';
import { timestamps } from './columns';
import { ownedByGame } from './games';

/** The studio's key (decision 051): unique in the game, fixed once the item or pack is in a release. */
const studioKey = () => ({
  key: text('key').notNull(),
  keyFixed: boolean('key_fixed').notNull().default(false),
});

/** A built-in icon, or one of the game's assets (its id and name). */
const icon = () => ({
  iconId: text('icon_id').$type<ItemIconId>(),
  assetRefId: text('asset_ref_id'),
  assetName: text('asset_name'),
});

/** Item. Value is kept in cents so pack sums are exact. */
export const item = pgTable(
  'item',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    ...studioKey(),
    type: text('type').$type<ItemType>().notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    baseAmount: integer('base_amount').notNull(),
    ...icon(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('item_game_idx').on(t.gameId, t.ownerId, t.createdAt),
    uniqueIndex('item_game_key_idx').on(t.gameId, t.key),
  ],
);

/** Pack. Its value is computed from its items whenever it is read, so it never goes stale. */
export const pack = pgTable(
  'pack',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    ...studioKey(),
    contents: jsonb('contents').$type<PackEntry[]>().notNull(),
    ...icon(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('pack_game_idx').on(t.gameId, t.ownerId, t.createdAt),
    uniqueIndex('pack_game_key_idx').on(t.gameId, t.key),
  ],
);
