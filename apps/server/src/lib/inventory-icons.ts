import { and, eq } from 'drizzle-orm';
import type { ItemIconId } from '@liveops/domain';
import type { Db } from '../db/database';
import { asset } from '../db/schema';
import type { Storage } from '../storage/storage';

type IconInput = { iconId?: ItemIconId | null | undefined; assetRefId?: string | null | undefined };
export type ResolvedIcon = { iconId: ItemIconId | null; assetRefId: string | null; assetName: string | null };

/**
 * An item's or pack's icon: an image from the game's own assets (its name is copied, as §3 keeps assetName), or
 * one of the emoji ids. Null when the asset is not this game's.
 */
export async function resolveIcon(
  db: Db,
  scope: { gameId: string; ownerId: string },
  input: IconInput,
  fallback: ItemIconId,
): Promise<ResolvedIcon | null> {
  if (input.assetRefId) {
    const [row] = await db
      .select({ name: asset.name })
      .from(asset)
      .where(
        and(eq(asset.gameId, scope.gameId), eq(asset.ownerId, scope.ownerId), eq(asset.assetId, input.assetRefId)),
      );
    if (!row) return null;
    return { iconId: null, assetRefId: input.assetRefId, assetName: row.name };
  }
  return { iconId: input.iconId ?? fallback, assetRefId: null, assetName: null };
}

/** assetId → public URL for a game's assets, to show asset icons. */
export async function assetUrlsOf(db: Db, storage: Storage, scope: { gameId: string; ownerId: string }) {
  const rows = await db
    .select({ assetId: asset.assetId, storageKey: asset.storageKey })
    .from(asset)
    .where(and(eq(asset.gameId, scope.gameId), eq(asset.ownerId, scope.ownerId)));
  const urls = new Map(rows.map((row) => [row.assetId, storage.publicUrl(row.storageKey)]));
  return (assetRefId: string | null) => (assetRefId ? (urls.get(assetRefId) ?? null) : null);
}
