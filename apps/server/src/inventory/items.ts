import { asc } from 'drizzle-orm';
import type { Item } from '@liveops/domain/inventory';
import type { Db } from '../db/database';
import { item } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import type { Storage } from '../storage/storage';
import { assetUrlsOf, type AssetUrlOf } from '../assets/assets';

export type ItemRow = typeof item.$inferSelect;

/** An item as the API shows it: its value in currency units, its icon's URL, ISO dates. */
export function presentItem({ valueCents, ...row }: ItemRow, assetUrl: AssetUrlOf): Item {
  return {
    ...row,
    value: valueCents / 100,
    assetUrl: assetUrl(row.assetRefId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A game's items as the API lists them, oldest first. */
export async function listItems(db: Db, storage: Storage, scope: GameScope): Promise<Item[]> {
  const [rows, assetUrl] = await Promise.all([
    db.select().from(item).where(inScope(item, scope)).orderBy(asc(item.createdAt), asc(item.id)),
    assetUrlsOf(db, storage, scope),
  ]);
  return rows.map((row) => presentItem(row, assetUrl));
}
