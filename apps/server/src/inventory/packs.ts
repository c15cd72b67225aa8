import { asc } from 'drizzle-orm';
import { packValue, type Pack } from '@liveops/domain/inventory';
import type { Db } from '../db/database';
import { item, pack } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import type { Storage } from '../storage/storage';
import { assetUrlsOf } from '../assets/assets';

export type PackRow = typeof pack.$inferSelect;

/** Packs as the API shows them: the value is always the items' current value times the quantities. */
export async function presentPacks(db: Db, storage: Storage, scope: GameScope, rows: PackRow[]): Promise<Pack[]> {
  const [items, assetUrl] = await Promise.all([
    db.select({ id: item.id, valueCents: item.valueCents }).from(item).where(inScope(item, scope)),
    assetUrlsOf(db, storage, scope),
  ]);
  const values = items.map((i) => ({ id: i.id, value: i.valueCents / 100 }));
  return rows.map((row) => ({
    ...row,
    value: packValue(row.contents, values),
    assetUrl: assetUrl(row.assetRefId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A game's packs as the API lists them, oldest first. */
export async function listPacks(db: Db, storage: Storage, scope: GameScope): Promise<Pack[]> {
  const rows = await db.select().from(pack).where(inScope(pack, scope)).orderBy(asc(pack.createdAt), asc(pack.id));
  return presentPacks(db, storage, scope, rows);
}
