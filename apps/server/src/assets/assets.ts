import { and, asc, eq } from 'drizzle-orm';
import { type Asset, type AssetUsage } from '@liveops/domain/assets';
import { layoutAssetIds, type LayoutNode } from '@liveops/domain/layout';
import type { Db } from '../db/database';
import { asset, dailyReward, experiment, experimentVariant, item, pack } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
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
  const rows = await db.select().from(asset).where(inScope(asset, scope)).orderBy(asc(asset.createdAt), asc(asset.id));
  return rows.map((row) => presentAsset(storage, row));
}

/** assetId → public URL for a game's assets, to show asset icons. */
export async function assetUrlsOf(db: Db, storage: Storage, scope: GameScope): Promise<AssetUrlOf> {
  const rows = await db
    .select({ assetId: asset.assetId, storageKey: asset.storageKey })
    .from(asset)
    .where(inScope(asset, scope));
  const urls = new Map(rows.map((row) => [row.assetId, storage.publicUrl(row.storageKey)]));
  return (assetRefId) => (assetRefId ? (urls.get(assetRefId) ?? null) : null);
}

/**
 * What references a game's asset: items and packs by their icon, daily-reward configs by their own layout, and
 * running experiments' variants by theirs (an ended experiment's layouts show nowhere). Only this game's rows.
 */
export async function assetUsage(db: Db, scope: GameScope, assetId: string): Promise<AssetUsage> {
  const owned = <T extends typeof item | typeof pack | typeof dailyReward>(table: T) => inScope(table, scope);
  const [items, packs, configs, variants] = await Promise.all([
    db
      .select({ id: item.id, name: item.name })
      .from(item)
      .where(and(owned(item), eq(item.assetRefId, assetId)))
      .orderBy(asc(item.createdAt), asc(item.id)),
    db
      .select({ id: pack.id, name: pack.name })
      .from(pack)
      .where(and(owned(pack), eq(pack.assetRefId, assetId)))
      .orderBy(asc(pack.createdAt), asc(pack.id)),
    db
      .select({ id: dailyReward.id, name: dailyReward.name, uiLayout: dailyReward.uiLayout })
      .from(dailyReward)
      .where(owned(dailyReward))
      .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id)),
    db
      .select({
        configId: experiment.configId,
        experimentId: experimentVariant.experimentId,
        variantId: experimentVariant.variantId,
        name: experimentVariant.name,
        uiLayout: experimentVariant.uiLayout,
      })
      .from(experimentVariant)
      .innerJoin(experiment, eq(experiment.id, experimentVariant.experimentId))
      .where(and(inScope(experiment, scope), eq(experiment.status, 'running')))
      .orderBy(asc(experimentVariant.position)),
  ]);
  const uses = (layout: LayoutNode | null) => layout !== null && layoutAssetIds(layout).has(assetId);
  const layouts: AssetUsage['layouts'] = [];
  for (const config of configs) {
    if (uses(config.uiLayout)) layouts.push({ configId: config.id, configName: config.name, variant: null });
    for (const v of variants) {
      if (v.configId === config.id && uses(v.uiLayout)) {
        layouts.push({
          configId: config.id,
          configName: config.name,
          variant: { experimentId: v.experimentId, variantId: v.variantId, name: v.name },
        });
      }
    }
  }
  return { items, packs, layouts };
}
