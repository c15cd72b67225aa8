import { and, eq } from 'drizzle-orm';
import type { ItemIconId } from '@liveops/domain/inventory';
import type { Db } from '../db/database';
import { asset } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';

type IconInput = { iconId?: ItemIconId | null | undefined; assetRefId?: string | null | undefined };
export type ResolvedIcon = { iconId: ItemIconId | null; assetRefId: string | null; assetName: string | null };

/**
 * An item's or pack's icon: an image from the game's own assets (its name is copied, as the spec keeps assetName), or
 * one of the emoji ids. Null when the asset is not this game's.
 */
export async function resolveIcon(
  db: Db,
  scope: GameScope,
  input: IconInput,
  fallback: ItemIconId,
): Promise<ResolvedIcon | null> {
  if (input.assetRefId) {
    const [row] = await db
      .select({ name: asset.name })
      .from(asset)
      .where(and(inScope(asset, scope), eq(asset.assetId, input.assetRefId)));
    if (!row) return null;
    return { iconId: null, assetRefId: input.assetRefId, assetName: row.name };
  }
  return { iconId: input.iconId ?? fallback, assetRefId: null, assetName: null };
}
