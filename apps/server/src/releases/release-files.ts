import { PUBLISHED_CACHE, type PublishedArtifact, type PublishedManifest } from '@liveops/domain/releases';
import {
  dailyRewardsConfigKey,
  dailyRewardsPageKey,
  dailyRewardsVariantConfigKey,
  dailyRewardsVariantPageKey,
} from '../storage/storage-keys';
import {
  manifestKey,
  stableDailyRewardsPrefix,
  versionedConfigKey,
  versionedPageKey,
  versionedVariantConfigKey,
  versionedVariantPageKey,
} from '../storage/release-keys';
import type { Storage } from '../storage/storage';
import { eachLimited } from './each-limited';

export const HTML_TYPE = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json';
export const encoder = new TextEncoder();

/** A config's files in a release, and its experiment's variants' (decision 046; not the control's: it is the config's). */
export type ReleaseFiles = {
  artifact: PublishedArtifact;
  html: Uint8Array;
  config: Uint8Array;
  variants: { id: string; html: Uint8Array; config: Uint8Array }[];
};

/** manifest.json of a release, as bytes: the versioned URLs of every config it has. */
export function manifestOf(gameId: string, version: number, artifacts: readonly PublishedArtifact[]): Uint8Array {
  const manifest: PublishedManifest = {
    gameId,
    version,
    publishedAt: new Date().toISOString(),
    configs: artifacts.map((artifact) => ({
      featureType: artifact.featureType,
      id: artifact.id,
      name: artifact.name,
      htmlUrl: artifact.versionedHtmlUrl,
      configUrl: artifact.versionedConfigUrl,
    })),
  };
  return encoder.encode(JSON.stringify(manifest));
}

/** Writes a file at a stable path, as game engines and web views read it (revalidated, never cached for long). */
export const putStableFile = (storage: Pick<Storage, 'put'>, key: string, body: Uint8Array, contentType: string) =>
  storage.put(key, body, { contentType, cacheControl: PUBLISHED_CACHE.stable });

/** The variants with pages of their own: every one but the control (the first), whose page is the config's. */
const ownPageVariants = (artifact: PublishedArtifact) => artifact.experiment?.variants.slice(1) ?? [];

/** A config's versioned files of a release (its variants' too), or null when one is missing. */
export async function readReleaseFiles(
  get: (key: string) => Promise<{ body: Uint8Array } | null>,
  gameId: string,
  version: number,
  artifact: PublishedArtifact,
): Promise<ReleaseFiles | null> {
  const [html, config] = await Promise.all([
    get(versionedPageKey(gameId, version, artifact.id)),
    get(versionedConfigKey(gameId, version, artifact.id)),
  ]);
  if (!html || !config) return null;
  const variants: ReleaseFiles['variants'] = [];
  for (const variant of ownPageVariants(artifact)) {
    const [variantHtml, variantConfig] = await Promise.all([
      get(versionedVariantPageKey(gameId, version, artifact.id, variant.id)),
      get(versionedVariantConfigKey(gameId, version, artifact.id, variant.id)),
    ]);
    if (!variantHtml || !variantConfig) return null;
    variants.push({ id: variant.id, html: variantHtml.body, config: variantConfig.body });
  }
  return { artifact, html: html.body, config: config.body, variants };
}

/** Writes a config's files (and its variants') at the stable paths; answers the keys written. */
export async function putStable(
  put: (key: string, body: Uint8Array, contentType: string) => Promise<unknown>,
  gameId: string,
  { artifact, html, config, variants }: ReleaseFiles,
): Promise<string[]> {
  const keys = [dailyRewardsPageKey(gameId, artifact.id), dailyRewardsConfigKey(gameId, artifact.id)];
  await put(keys[0]!, html, HTML_TYPE);
  await put(keys[1]!, config, JSON_TYPE);
  for (const variant of variants) {
    const page = dailyRewardsVariantPageKey(gameId, artifact.id, variant.id);
    const json = dailyRewardsVariantConfigKey(gameId, artifact.id, variant.id);
    await put(page, variant.html, HTML_TYPE);
    await put(json, variant.config, JSON_TYPE);
    keys.push(page, json);
  }
  return keys;
}

/** Writes the manifest of a release at the game's stable manifest.json. */
export const putManifest = (
  storage: Pick<Storage, 'put'>,
  gameId: string,
  version: number,
  artifacts: readonly PublishedArtifact[],
) => putStableFile(storage, manifestKey(gameId), manifestOf(gameId, version, artifacts), JSON_TYPE);

/**
 * Removes the stable files the live release does not have: those of configs not `kept`, and variant files a kept
 * config's release no longer has (not among the keys `written`). Throws when storage fails.
 */
export async function removeStaleStable(
  storage: Pick<Storage, 'list' | 'delete'>,
  gameId: string,
  kept: ReadonlySet<string>,
  written: ReadonlySet<string>,
): Promise<void> {
  const prefix = stableDailyRewardsPrefix(gameId);
  const stale: string[] = [];
  for await (const entry of storage.list(prefix)) {
    const rest = entry.key.slice(prefix.length).split('/');
    if (!kept.has(rest[0] ?? '') || (rest[1] === 'variants' && !written.has(entry.key))) stale.push(entry.key);
  }
  await eachLimited(stale, 8, (key) => storage.delete(key));
}
