import { randomUUID } from 'node:crypto';
import { and, eq, inArray, max } from 'drizzle-orm';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { assetReferenceId, layoutNodes } from '@liveops/domain/layout';
import {
  PUBLISH_MESSAGES,
  type PublishedArtifact,
  type PublishedExperiment,
  type PublishEvent,
} from '@liveops/domain/releases';
import type { Db } from '../db/database';
import { asset, item, pack, release } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import {
  dailyRewardsConfigKey,
  dailyRewardsPageKey,
  dailyRewardsVariantConfigKey,
  dailyRewardsVariantPageKey,
} from '../storage/storage-keys';
import {
  releaseAssetKey,
  releasePrefix,
  versionedConfigKey,
  versionedPageKey,
  versionedVariantConfigKey,
  versionedVariantPageKey,
} from '../storage/release-keys';
import { eachLimited } from './each-limited';
import type { PlannedConfig } from './plan-publish';
import { publishedPageFor } from './published-page';
import type { ReleaseDeps } from './release-deps';
import { encoder, HTML_TYPE, JSON_TYPE, type ReleaseFiles } from './release-files';
import { ownReleases } from './release-rows';
import type { TimedStorage } from './timed-storage';

/** A release being written: its version, and the intent that names its files until its row accounts for them. */
export type OpenedRelease = { version: number; writing: string };

/**
 * The game's next release, recorded 'writing' with an intent to remove its files: settled when the release is
 * written (its row then accounts for its files) or its files are removed. The caller holds the game's lock.
 */
export async function openRelease(
  deps: ReleaseDeps,
  scope: GameScope,
  by: { publishedBy: string; note: string | null },
): Promise<OpenedRelease> {
  const [{ latest } = { latest: null }] = await deps.db
    .select({ latest: max(release.version) })
    .from(release)
    .where(eq(release.gameId, scope.gameId));
  const version = (latest ?? 0) + 1;
  const writing = await deps.db.transaction(async (tx) => {
    await tx
      .insert(release)
      .values({ id: randomUUID(), ...scope, version, status: 'writing', artifacts: [], warnings: [], ...by });
    return deps.intents.begin('objects', releasePrefix(scope.gameId, version), tx);
  });
  return { version, writing };
}

/** A game asset's URL → the URL of the release's copy of its bytes (copied once per release), null when gone. */
async function assetCopier(deps: ReleaseDeps, scope: GameScope, version: number, store: TimedStorage) {
  const assets = await deps.db
    .select({ assetId: asset.assetId, storageKey: asset.storageKey })
    .from(asset)
    .where(inScope(asset, scope));
  const assetByUrl = new Map(assets.map((row) => [deps.storage.publicUrl(row.storageKey), row]));
  const copies = new Map<string, Promise<string | null>>();
  return (url: string): Promise<string | null> => {
    const row = assetByUrl.get(url);
    if (!row) return Promise.resolve(url);
    let copy = copies.get(row.storageKey);
    if (!copy) {
      copy = (async () => {
        const stored = await store.get(row.storageKey);
        if (!stored) return null;
        const key = releaseAssetKey(scope.gameId, version, row.storageKey);
        await store.create(key, stored.body, stored.contentType);
        return deps.storage.publicUrl(key);
      })();
      copies.set(row.storageKey, copy);
    }
    return copy;
  };
}

/** A config.json's content as the release writes it: images the release's own copies; and what is missing. */
async function releaseJson(
  relocate: (url: string) => Promise<string | null>,
  published: PlannedConfig['published'],
  uiLayout: DailyReward['uiLayout'],
) {
  const found = new Set<string>();
  const publishedAssets = [];
  for (const entry of published.assets ?? []) {
    const url = await relocate(entry.url);
    if (url) {
      publishedAssets.push({ ...entry, url });
      found.add(entry.assetId);
    }
  }
  const publishedPacks = await Promise.all(
    (published.packs ?? []).map(async (pack) => ({
      ...pack,
      assetUrl: pack.assetUrl ? await relocate(pack.assetUrl) : (pack.assetUrl ?? null),
    })),
  );
  const missing = new Set<string>();
  if (uiLayout) {
    for (const node of layoutNodes(uiLayout)) {
      for (const value of [node.props.src, node.props.fillImage]) {
        const id = typeof value === 'string' ? assetReferenceId(value) : null;
        if (id && !found.has(id)) missing.add(id);
      }
    }
  }
  return { json: JSON.stringify({ ...published, packs: publishedPacks, assets: publishedAssets }), missing };
}

/**
 * Writes every config of the plan to the release's versioned paths, which are never overwritten: the page and
 * config.json (images copied into the release, so a later asset deletion never breaks it), and each experiment
 * variant's own. `emit` hears a line per config written. Answers the files, in the plan's order, and the warnings.
 */
export async function writeRelease(
  deps: ReleaseDeps,
  scope: GameScope,
  version: number,
  configs: readonly PlannedConfig[],
  template: string,
  store: TimedStorage,
  emit: (event: PublishEvent) => void,
): Promise<{ files: ReleaseFiles[]; warnings: string[] }> {
  const { gameId } = scope;
  const url = (key: string) => deps.storage.publicUrl(key);
  const relocate = await assetCopier(deps, scope, version, store);
  const files: (ReleaseFiles | null)[] = configs.map(() => null);
  const warnings: string[][] = configs.map(() => []);
  let done = 0;
  await eachLimited(configs, deps.concurrency ?? 8, async ({ config, published, contentHash, experiment }, index) => {
    const { json, missing } = await releaseJson(relocate, published, config.uiLayout);
    warnings[index] = [...missing].map((id) => PUBLISH_MESSAGES.missingAsset(config.name, id));
    const body = encoder.encode(json);
    const page = encoder.encode(publishedPageFor(template, json));
    const pageKey = versionedPageKey(gameId, version, config.id);
    const configKey = versionedConfigKey(gameId, version, config.id);
    await store.create(pageKey, page, HTML_TYPE);
    await store.create(configKey, body, JSON_TYPE);
    const artifact: PublishedArtifact = {
      featureType: 'daily_rewards',
      id: config.id,
      name: config.name,
      htmlUrl: url(dailyRewardsPageKey(gameId, config.id)),
      configUrl: url(dailyRewardsConfigKey(gameId, config.id)),
      versionedHtmlUrl: url(pageKey),
      versionedConfigUrl: url(configKey),
      contentHash,
    };
    // Each variant but the control gets its page and config.json in the same release (decision 046).
    const variantFiles: ReleaseFiles['variants'] = [];
    if (experiment) {
      const variants: PublishedExperiment['variants'] = [];
      for (const variant of experiment.variants) {
        const { id, name, weight } = variant;
        if (!variant.published) {
          const { htmlUrl, versionedHtmlUrl, configUrl, versionedConfigUrl } = artifact;
          variants.push({ id, name, weight, htmlUrl, versionedHtmlUrl, configUrl, versionedConfigUrl });
          continue;
        }
        const layout = config.experiment?.variants.find((v) => v.id === id)?.uiLayout ?? null;
        const own = await releaseJson(relocate, variant.published, layout);
        warnings[index]!.push(
          ...[...own.missing].map((assetId) =>
            PUBLISH_MESSAGES.missingAsset(`${config.name} (variant ${name})`, assetId),
          ),
        );
        const variantBody = encoder.encode(own.json);
        const variantPage = encoder.encode(publishedPageFor(template, own.json));
        const variantPageKey = versionedVariantPageKey(gameId, version, config.id, id);
        const variantConfigKey = versionedVariantConfigKey(gameId, version, config.id, id);
        await store.create(variantPageKey, variantPage, HTML_TYPE);
        await store.create(variantConfigKey, variantBody, JSON_TYPE);
        variantFiles.push({ id, html: variantPage, config: variantBody });
        variants.push({
          id,
          name,
          weight,
          htmlUrl: url(dailyRewardsVariantPageKey(gameId, config.id, id)),
          configUrl: url(dailyRewardsVariantConfigKey(gameId, config.id, id)),
          versionedHtmlUrl: url(variantPageKey),
          versionedConfigUrl: url(variantConfigKey),
        });
      }
      artifact.experiment = { id: experiment.id, variants };
    }
    files[index] = { artifact, html: page, config: body, variants: variantFiles };
    emit({ type: 'progress', done: ++done, total: configs.length, id: config.id, name: config.name });
  });
  return { files: files.filter((file): file is ReleaseFiles => file !== null), warnings: warnings.flat() };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Fixes the keys of the packs a release gives and of the items in them (decision 051): from now on a game may
 * name them by key, so the key never changes again.
 */
async function fixPublishedKeys(tx: Tx, scope: GameScope, configs: readonly PlannedConfig[]) {
  const packIds = new Set<string>();
  const itemIds = new Set<string>();
  for (const planned of configs) {
    const shown = [planned.published, ...(planned.experiment?.variants ?? []).map((variant) => variant.published)];
    for (const published of shown) {
      for (const given of published?.packs ?? []) {
        packIds.add(given.id);
        for (const entry of given.contents ?? []) itemIds.add(entry.itemId);
      }
    }
  }
  if (packIds.size) {
    await tx
      .update(pack)
      .set({ keyFixed: true })
      .where(and(eq(pack.gameId, scope.gameId), inArray(pack.id, [...packIds]), eq(pack.keyFixed, false)));
  }
  if (itemIds.size) {
    await tx
      .update(item)
      .set({ keyFixed: true })
      .where(and(eq(item.gameId, scope.gameId), inArray(item.id, [...itemIds]), eq(item.keyFixed, false)));
  }
}

/** Records a written release 'ready' (its row now accounts for its files) and fixes the keys it gives. */
export async function markReleaseReady(
  deps: ReleaseDeps,
  scope: GameScope,
  { version, writing }: OpenedRelease,
  written: { files: readonly ReleaseFiles[]; warnings: string[] },
  configs: readonly PlannedConfig[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(release)
      .set({ status: 'ready', artifacts: written.files.map((file) => file.artifact), warnings: written.warnings })
      .where(and(ownReleases(scope), eq(release.version, version)));
    await fixPublishedKeys(tx, scope, configs);
    await deps.intents.settle(writing, tx);
  });
}
