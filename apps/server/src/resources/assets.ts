import { and, asc, eq } from 'drizzle-orm';
import type { Asset } from '@liveops/domain';
import type { Db } from '../db/database';
import { asset } from '../db/schema';
import type { GameScope } from '../lib/game-scope';
import type { Storage } from '../storage/storage';

export type AssetRow = typeof asset.$inferSelect;
/** An icon's public URL from its assetRefId; null for an emoji icon or an asset that is gone. */
export type AssetUrlOf = (assetRefId: string | null) => string | null;

/** An asset as the API shows it: its public URL instead of its storage key. */
export function presentAsset(storage: Storage, { storageKey, ...row }: AssetRow): Asset {
  return { ...row, url: storage.publicUrl(storageKey) };
}

/** A game's assets as the API lists them, oldest first. */
export async function listAssets(db: Db, storage: Storage, scope: GameScope): Promise<Asset[]> {
  const rows = await db
    .select()
    .from(asset)
    .where(and(eq(asset.gameId, scope.gameId), eq(asset.ownerId, scope.ownerId)))
    .orderBy(asc(asset.createdAt), asc(asset.id));
  return rows.map((row) => presentAsset(storage, row));
}

/** assetId → public URL for a game's assets, to show asset icons. */
export async function assetUrlsOf(db: Db, storage: Storage, scope: GameScope): Promise<AssetUrlOf> {
  const rows = await db
    .select({ assetId: asset.assetId, storageKey: asset.storageKey })
    .from(asset)
    .where(and(eq(asset.gameId, scope.gameId), eq(asset.ownerId, scope.ownerId)));
  const urls = new Map(rows.map((row) => [row.assetId, storage.publicUrl(row.storageKey)]));
  return (assetRefId) => (assetRefId ? (urls.get(assetRefId) ?? null) : null);
}
