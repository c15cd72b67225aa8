import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  assetReferenceId,
  layoutNodes,
  publishProblems,
  releaseChanges,
  type CheckedPack,
  type DailyReward,
  type PublishPreview,
  type PublishProblem,
  PUBLISH_MESSAGES,
  PUBLISHED_CACHE,
  RELEASES_KEPT,
  type PublishedArtifact,
  type PublishedExperiment,
  type PublishedManifest,
  type PublishEvent,
  type Release,
  type Releases,
} from '@liveops/domain';
import { PUBLISHED_PAGE_PATH } from '@liveops/domain/published';
import type { Db } from '../db/database';
import { asset, item, pack, release } from '../db/schema';
import type { GameScope } from '../lib/game-scope';
import type { Logger } from '../lib/logger';
import {
  dailyRewardsConfigKey,
  dailyRewardsPageKey,
  dailyRewardsVariantConfigKey,
  dailyRewardsVariantPageKey,
} from '../storage/storage-keys';
import {
  gameStablePrefix,
  manifestKey,
  releaseAssetKey,
  releasePrefix,
  stableDailyRewardsPrefix,
  versionedConfigKey,
  versionedPageKey,
  versionedVariantConfigKey,
  versionedVariantPageKey,
} from '../storage/release-keys';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';
import { embedConfigFrom, embedSourcesOf, listDailyRewards, type EmbedSources } from './daily-rewards';
import { withExperiments } from './experiments';
import { publishedPageFor } from './published-page';

export type ReleaseRow = typeof release.$inferSelect;

/** A refusal or failure a publish or rollback answers with: an HTTP status, a code and a message for people. */
export class PublishError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type ReleaseDeps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Every write and switch is recorded first, so a restart can finish what a crash cut short (decision 026). */
  intents: StorageIntents;
  /** The dashboard's own address: the stable page the modal names is served from it. */
  publicUrl: string;
  /** The built published page (one self-contained HTML file), written beside every config. */
  readPageHtml: () => Promise<Uint8Array>;
  /** When one storage call has taken too long and the publish gives up: by default STORAGE_TIMEOUT_MS. */
  storageDeadline?: StorageDeadline;
  /** Configs written at once (default 8). */
  concurrency?: number;
};

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json';
const encoder = new TextEncoder();

export function presentRelease(row: ReleaseRow): Release {
  return {
    version: row.version,
    status: row.status,
    live: row.live,
    artifacts: row.artifacts,
    warnings: row.warnings,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    liveSince: row.liveSince?.toISOString() ?? null,
    publishedBy: row.publishedBy,
    note: row.note,
  };
}

const ownRows = (scope: GameScope) => and(eq(release.gameId, scope.gameId), eq(release.ownerId, scope.ownerId));

/** The game's releases, newest first, with the addresses the modal shows. */
export async function listReleases(deps: ReleaseDeps, scope: GameScope): Promise<Releases> {
  const rows = await deps.db.select().from(release).where(ownRows(scope)).orderBy(desc(release.version));
  return {
    pageUrl: `${deps.publicUrl}${PUBLISHED_PAGE_PATH}`,
    manifestUrl: deps.storage.publicUrl(manifestKey(scope.gameId)),
    releases: rows.map(presentRelease),
  };
}

/** Runs `work` over the items, at most `limit` at a time; the first failure rejects (the rest still settle). */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

class StorageTimeout extends Error {}

/** How long one storage call may take before the publish (or rollback) gives up. */
export const STORAGE_TIMEOUT_MS = 30_000;

/**
 * Arms the deadline of one storage call, before the call starts: `expire` is called once the call has taken too
 * long, unless the function answered (which disarms it) is called first. Tests pass their own to say when a call has
 * hung, instead of racing a short timer that a busy machine loses with calls that were only slow (issue 35).
 */
export type StorageDeadline = (expire: () => void) => () => void;

const wallClockDeadline: StorageDeadline = (expire) => {
  const timer = setTimeout(expire, STORAGE_TIMEOUT_MS);
  return () => clearTimeout(timer);
};

/** The storage calls of one operation, each bounded in time: a store that hangs fails the publish. */
function timedStorage(storage: Storage, deadline: StorageDeadline = wallClockDeadline) {
  const timed = <T>(what: string, call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const disarm = deadline(() => reject(new StorageTimeout(`${what} timed out after ${STORAGE_TIMEOUT_MS} ms`)));
      call().then(
        (value) => {
          disarm();
          resolve(value);
        },
        (error: unknown) => {
          disarm();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  return {
    get: (key: string) => timed(`reading ${key}`, () => storage.get(key)),
    put: (key: string, body: Uint8Array, contentType: string, cacheControl: string) =>
      timed(`writing ${key}`, () => storage.put(key, body, { contentType, cacheControl })),
    async create(key: string, body: Uint8Array, contentType: string) {
      const created = await timed(`writing ${key}`, () =>
        storage.create(key, body, { contentType, cacheControl: PUBLISHED_CACHE.immutable }),
      );
      // Versions are never reused, so a versioned key is always new; one that exists was not written by us.
      if (!created) throw new Error(`${key} exists already`);
    },
  };
}

const storageDetail = (error: unknown) => (error instanceof Error && error.message ? error.message : 'unknown error');

/**
 * Deletes every object under a prefix; failures are logged, not thrown (the rows are already gone). Answers
 * whether all went, so the caller settles the prefix's intent only then (else the cleanup finishes the work).
 */
async function removePrefix(deps: ReleaseDeps, prefix: string): Promise<boolean> {
  try {
    const keys: string[] = [];
    for await (const entry of deps.storage.list(prefix)) keys.push(entry.key);
    await eachLimited(keys, 8, (key) => deps.storage.delete(key));
    return true;
  } catch (error) {
    deps.logger.warn(`could not remove ${prefix}: ${storageDetail(error)}`);
    return false;
  }
}

/**
 * Releases a stopped server left 'writing' (only possible while this caller holds the game's lock, so none is
 * running): marked failed, their files removed. The live release was never touched by them.
 */
async function abandonInterrupted(deps: ReleaseDeps, scope: GameScope): Promise<void> {
  const stale = await deps.db
    .update(release)
    .set({ status: 'failed', error: PUBLISH_MESSAGES.interrupted, finishedAt: new Date() })
    .where(and(ownRows(scope), eq(release.status, 'writing')))
    .returning({ version: release.version });
  for (const { version } of stale) await removePrefix(deps, releasePrefix(scope.gameId, version));
}

/** manifest.json of a release, as bytes: the versioned URLs of every config it has. */
function manifestOf(gameId: string, version: number, artifacts: readonly PublishedArtifact[]): Uint8Array {
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

/** A config's files in a release, and its experiment's variants' (decision 046; not the control's: it is the config's). */
type ReleaseFiles = {
  artifact: PublishedArtifact;
  html: Uint8Array;
  config: Uint8Array;
  variants: { id: string; html: Uint8Array; config: Uint8Array }[];
};

/** The variants with pages of their own: every one but the control (the first), whose page is the config's. */
const ownPageVariants = (artifact: PublishedArtifact) => artifact.experiment?.variants.slice(1) ?? [];

/** A config's versioned files of a release (its variants' too), or null when one is missing. */
async function readReleaseFiles(
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
async function putStable(
  put: (key: string, body: Uint8Array, contentType: string) => Promise<unknown>,
  gameId: string,
  { artifact, html, config, variants }: ReleaseFiles,
): Promise<string[]> {
  const keys = [dailyRewardsPageKey(gameId, artifact.id), dailyRewardsConfigKey(gameId, artifact.id)];
  await put(keys[0]!, html, HTML);
  await put(keys[1]!, config, JSON_TYPE);
  for (const variant of variants) {
    const page = dailyRewardsVariantPageKey(gameId, artifact.id, variant.id);
    const json = dailyRewardsVariantConfigKey(gameId, artifact.id, variant.id);
    await put(page, variant.html, HTML);
    await put(json, variant.config, JSON_TYPE);
    keys.push(page, json);
  }
  return keys;
}

/** Stable files to remove: of configs not kept, and variant files a kept config's release no longer has. */
function isStale(prefix: string, key: string, kept: ReadonlySet<string>, written: ReadonlySet<string>): boolean {
  const rest = key.slice(prefix.length).split('/');
  if (!kept.has(rest[0] ?? '')) return true;
  return rest[1] === 'variants' && !written.has(key);
}

/**
 * Makes a complete release live: the stable paths of every config, then manifest.json (one atomic write that
 * switches game engines to the release's versioned URLs), then the database. A failure before the manifest
 * leaves the previous manifest in place, and the stable paths already switched are put back from the previous
 * live release's versioned files. Stable files of configs the release does not have are removed afterwards.
 */
async function switchLive(
  deps: ReleaseDeps,
  scope: GameScope,
  version: number,
  files: ReleaseFiles[],
  onFile?: (done: number) => void,
): Promise<ReleaseRow> {
  const store = timedStorage(deps.storage, deps.storageDeadline);
  const [previous] = await deps.db
    .select()
    .from(release)
    .where(and(ownRows(scope), eq(release.live, true)));
  const manifest = manifestOf(
    scope.gameId,
    version,
    files.map(({ artifact }) => artifact),
  );
  // Until settled, a restart puts the stable paths back to the live release (a kill midway mixes releases).
  const switching = await deps.intents.begin('stable', gameStablePrefix(scope.gameId));
  let switched = 0;
  const written = new Set<string>();
  try {
    await eachLimited(files, deps.concurrency ?? 8, async (file) => {
      const keys = await putStable(
        (key, body, type) => store.put(key, body, type, PUBLISHED_CACHE.stable),
        scope.gameId,
        file,
      );
      for (const key of keys) written.add(key);
      onFile?.(++switched);
    });
    await store.put(manifestKey(scope.gameId), manifest, JSON_TYPE, PUBLISHED_CACHE.stable);
  } catch (error) {
    if (!previous || previous.version === version || (await restoreStable(deps, scope, previous))) {
      await deps.intents.settleQuietly(switching);
    }
    throw error;
  }

  let row: ReleaseRow | undefined;
  const now = new Date();
  try {
    row = await deps.db.transaction(async (tx) => {
      await tx
        .update(release)
        .set({ live: false })
        .where(and(ownRows(scope), eq(release.live, true)));
      const [live] = await tx
        .update(release)
        // A rollback keeps the release's publish time (decision 029): only when it went live again is new.
        .set({ live: true, status: 'ready', finishedAt: sql`coalesce(${release.finishedAt}, ${now})`, liveSince: now })
        .where(and(ownRows(scope), eq(release.version, version)))
        .returning();
      return live;
    });
  } catch (error) {
    // The database still names the previous release live: the files follow it back (or, failing that, the
    // intent stays and the next cleanup does it).
    if (previous && previous.version !== version) {
      const restored = await restoreStable(deps, scope, previous);
      const manifestBack = await deps.storage
        .put(manifestKey(scope.gameId), manifestOf(scope.gameId, previous.version, previous.artifacts), {
          contentType: JSON_TYPE,
          cacheControl: PUBLISHED_CACHE.stable,
        })
        .then(
          () => true,
          (cause: unknown) => {
            deps.logger.error(`could not restore the manifest: ${storageDetail(cause)}`);
            return false;
          },
        );
      if (restored && manifestBack) await deps.intents.settleQuietly(switching);
    }
    throw error;
  }
  if (!row) throw new PublishError(404, 'NOT_FOUND', PUBLISH_MESSAGES.releaseNotFound);

  const kept = new Set(files.map(({ artifact }) => artifact.id));
  const stale = new Set<string>();
  try {
    const prefix = stableDailyRewardsPrefix(scope.gameId);
    for await (const entry of deps.storage.list(prefix)) {
      if (isStale(prefix, entry.key, kept, written)) stale.add(entry.key);
    }
    await eachLimited([...stale], 8, (key) => deps.storage.delete(key));
  } catch (error) {
    deps.logger.warn(`could not remove unpublished configs of game ${scope.gameId}: ${storageDetail(error)}`);
    return row;
  }
  await deps.intents.settleQuietly(switching);
  return row;
}

/** Best effort: the previous live release's files back at the stable paths after a switch failed midway. */
async function restoreStable(deps: ReleaseDeps, scope: GameScope, previous: ReleaseRow): Promise<boolean> {
  try {
    await eachLimited(previous.artifacts, deps.concurrency ?? 8, async (artifact) => {
      const files = await readReleaseFiles((key) => deps.storage.get(key), scope.gameId, previous.version, artifact);
      if (!files) return;
      await putStable(
        (key, body, contentType) => deps.storage.put(key, body, { contentType, cacheControl: PUBLISHED_CACHE.stable }),
        scope.gameId,
        files,
      );
    });
    return true;
  } catch (error) {
    deps.logger.error(`could not restore release ${previous.version} of game ${scope.gameId}: ${storageDetail(error)}`);
    return false;
  }
}

/** The game of a stable-switch intent's prefix (packs/{gameId}/), or null for anything else. */
export function gameOfStablePrefix(prefix: string): string | null {
  return /^packs\/([A-Za-z0-9_-]+)\/$/.exec(prefix)?.[1] ?? null;
}

/** The release of an objects intent's prefix (packs/{gameId}/releases/{version}/), or null for anything else. */
function releaseOfPrefix(prefix: string): { gameId: string; version: number } | null {
  const match = /^packs\/([A-Za-z0-9_-]+)\/releases\/(\d{1,9})\/$/.exec(prefix);
  return match ? { gameId: match[1]!, version: Number(match[2]) } : null;
}

/**
 * After a restart, a release whose writing an instance that is gone left unfinished (its files just removed by
 * the cleanup): marked failed, as the next publish would. Nothing else is touched.
 */
export async function markReleaseInterrupted(db: Db, prefix: string): Promise<void> {
  const of = releaseOfPrefix(prefix);
  if (!of) return;
  await db
    .update(release)
    .set({ status: 'failed', error: PUBLISH_MESSAGES.interrupted, finishedAt: new Date() })
    .where(and(eq(release.gameId, of.gameId), eq(release.version, of.version), eq(release.status, 'writing')));
}

/**
 * Puts a game's stable paths back to what the database says is live, after a switch an instance that is gone
 * left halfway (decision 026): each live config's page and config.json from the live release's versioned files,
 * its manifest.json, and no stable file of a config the live release lacks. With no live release (a first publish
 * cut short), the stable files and the manifest go. The caller holds the game's lock. Throws when storage fails.
 */
export async function restoreStablePaths(deps: Pick<ReleaseDeps, 'db' | 'storage'>, gameId: string): Promise<void> {
  const { db, storage } = deps;
  const [live] = await db
    .select()
    .from(release)
    .where(and(eq(release.gameId, gameId), eq(release.live, true)));
  const kept = new Set<string>();
  const written = new Set<string>();
  if (live) {
    await eachLimited(live.artifacts, 8, async (artifact) => {
      const files = await readReleaseFiles((key) => storage.get(key), gameId, live.version, artifact);
      if (!files) throw new Error(`release ${live.version} of game ${gameId} misses its files`);
      const keys = await putStable(
        (key, body, contentType) => storage.put(key, body, { contentType, cacheControl: PUBLISHED_CACHE.stable }),
        gameId,
        files,
      );
      for (const key of keys) written.add(key);
      kept.add(artifact.id);
    });
    await storage.put(manifestKey(gameId), manifestOf(gameId, live.version, live.artifacts), {
      contentType: JSON_TYPE,
      cacheControl: PUBLISHED_CACHE.stable,
    });
  } else {
    await storage.delete(manifestKey(gameId));
  }
  const prefix = stableDailyRewardsPrefix(gameId);
  const stale: string[] = [];
  for await (const entry of storage.list(prefix)) {
    if (isStale(prefix, entry.key, kept, written)) stale.push(entry.key);
  }
  await eachLimited(stale, 8, (key) => storage.delete(key));
}

/** The newest RELEASES_KEPT releases stay, and the live one; older rows go, then their files. */
async function pruneReleases(deps: ReleaseDeps, scope: GameScope): Promise<void> {
  const rows = await deps.db
    .select({ id: release.id, version: release.version, live: release.live })
    .from(release)
    .where(ownRows(scope))
    .orderBy(desc(release.version));
  const old = rows.slice(RELEASES_KEPT).filter((row) => !row.live);
  for (const row of old) {
    const prefix = releasePrefix(scope.gameId, row.version);
    const removing = await deps.db.transaction(async (tx) => {
      await tx.delete(release).where(and(ownRows(scope), eq(release.id, row.id)));
      return deps.intents.begin('objects', prefix, tx);
    });
    if (await removePrefix(deps, prefix)) await deps.intents.settleQuietly(removing);
  }
}

/** A config as a publish would write it, before its images are copied into the release. */
export type PlannedConfig = {
  config: DailyReward;
  /** The config.json content, with the game's own asset URLs (the release's copies replace them when written). */
  published: ReturnType<typeof embedConfigFrom>;
  contentHash: string;
  problems: PublishProblem[];
  /** Its running experiment (decision 046): each variant but the control with its own config.json content. */
  experiment: {
    id: string;
    variants: { id: string; name: string; weight: number; published: ReturnType<typeof embedConfigFrom> | null }[];
  } | null;
};
export type PublishPlan = { configs: PlannedConfig[]; sources: EmbedSources };

/**
 * What a publish of the game would write and what is wrong with it (decision 029), read without the lock and
 * without touching storage: each config's config.json content, its hash and its problems.
 */
export async function planPublish(deps: Pick<ReleaseDeps, 'db' | 'storage'>, scope: GameScope): Promise<PublishPlan> {
  const [configs, sources] = await Promise.all([
    listDailyRewards(deps.db, scope).then((listed) => withExperiments(deps.db, listed)),
    embedSourcesOf(deps.db, deps.storage, scope),
  ]);
  const packs = new Map<string, CheckedPack>(
    sources.packs.map((pack) => [
      pack.id,
      { id: pack.id, name: pack.name, contents: pack.contents, imageMissing: !!pack.assetRefId && !pack.assetUrl },
    ]),
  );
  const assetIds = new Set(sources.assets.map((entry) => entry.assetId));
  return {
    sources,
    configs: configs.map((config) => {
      // The owner's account ID stays private (whether or not the embed config still carries one).
      const publish = (uiLayout: DailyReward['uiLayout']) => {
        const { ownerId: _ownerId, ...published } = embedConfigFrom({ ...config, uiLayout }, sources) as ReturnType<
          typeof embedConfigFrom
        > & { ownerId?: unknown };
        return published;
      };
      const published = publish(config.uiLayout);
      const problems = publishProblems(config, packs, assetIds, published);
      const experiment = config.experiment
        ? {
            id: config.experiment.id,
            variants: config.experiment.variants.map((variant) => ({
              id: variant.id,
              name: variant.name,
              weight: variant.weight,
              published: variant.control ? null : publish(variant.uiLayout),
            })),
          }
        : null;
      // A variant's layout is checked as the config's is; its days are the config's (already checked).
      for (const variant of config.experiment?.variants ?? []) {
        if (variant.control) continue;
        const named = { ...config, name: `${config.name} (variant ${variant.name})`, uiLayout: variant.uiLayout };
        const own = experiment?.variants.find((v) => v.id === variant.id)?.published;
        problems.push(
          ...publishProblems(named, packs, assetIds, own).filter((problem) => LAYOUT_PROBLEMS.has(problem.code)),
        );
      }
      // Without an experiment the hash is the config.json's alone, as before (decision 029): releases compare.
      const json = JSON.stringify(experiment ? { config: published, experiment } : published);
      return {
        config,
        published,
        contentHash: createHash('sha256').update(json).digest('hex'),
        problems,
        experiment,
      };
    }),
  };
}

/** The problems of a variant's own (its layout); the days' problems are the config's. */
const LAYOUT_PROBLEMS = new Set<PublishProblem['code']>(['LAYOUT_REFUSED', 'ASSET_MISSING', 'CONFIG_REFUSED']);

/** What a published page adds to its config beyond the config itself: the built page and the drawn popup. */
const PAGE_BYTES_ESTIMATE = 96 * 1024;

/**
 * About how many bytes a release of this plan writes (issue 24, decision 032): each image it shows once (images
 * are copied into the release once), and per config its page, which carries its config inline, and config.json.
 */
export async function releaseBytesOf(
  deps: Pick<ReleaseDeps, 'db' | 'storage'>,
  scope: GameScope,
  plan: PublishPlan,
): Promise<number> {
  const rows = await deps.db
    .select({ storageKey: asset.storageKey, size: asset.size })
    .from(asset)
    .where(and(eq(asset.gameId, scope.gameId), eq(asset.ownerId, scope.ownerId)));
  const sizeByUrl = new Map(rows.map((row) => [deps.storage.publicUrl(row.storageKey), row.size]));
  const shown = new Set<string>();
  let bytes = 0;
  for (const { published } of plan.configs) {
    for (const entry of published.assets ?? []) shown.add(entry.url);
    for (const pack of published.packs ?? []) if (pack.assetUrl) shown.add(pack.assetUrl);
    bytes += PAGE_BYTES_ESTIMATE + 2 * new TextEncoder().encode(JSON.stringify(published)).length;
  }
  for (const url of shown) bytes += sizeByUrl.get(url) ?? 0;
  return bytes;
}

/** The live release's row, if the game has one. */
async function liveRelease(db: Db, scope: GameScope): Promise<ReleaseRow | undefined> {
  const [live] = await db
    .select()
    .from(release)
    .where(and(ownRows(scope), eq(release.live, true)));
  return live;
}

/** GET …/releases/preview: the problems that would refuse a publish, and each config against the live release. */
export async function previewPublish(deps: ReleaseDeps, scope: GameScope): Promise<PublishPreview> {
  const [plan, live] = await Promise.all([planPublish(deps, scope), liveRelease(deps.db, scope)]);
  const configs = plan.configs.map(({ config, contentHash, experiment }) => ({
    id: config.id,
    name: config.name,
    contentHash,
    experiment: experiment
      ? { variants: experiment.variants.map((variant) => ({ name: variant.name, weight: variant.weight })) }
      : null,
  }));
  return {
    liveVersion: live?.version ?? null,
    configs,
    problems: plan.configs.flatMap((planned) => planned.problems),
    changes: releaseChanges(live?.artifacts ?? [], configs),
  };
}

/** Who published a release, as the history shows it: their name and email as they are now. */
export function publisherOf(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  return name && name !== user.email ? `${name} (${user.email})` : user.email;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Fixes the keys of the packs a release gives and of the items in them (decision 051): from now on a game may
 * name them by key, so the key never changes again.
 */
async function fixPublishedKeys(tx: Tx, scope: GameScope, configs: PublishPlan['configs']) {
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

/**
 * Publishes every daily reward config of a game (issue 11, §4 Publish): the page and each config.json (the
 * config with its packs and assets, images copied into the release so a later asset deletion never breaks it)
 * written to the release's versioned paths, which are never overwritten; only then switched live. The caller
 * holds the game's lock. `emit` hears the progress. Throws PublishError; the previous release stays live.
 */
export async function publishGame(
  deps: ReleaseDeps,
  scope: GameScope,
  emit: (event: PublishEvent) => void,
  /** planPublish's answer less the configs left out, each free of problems (the route checked). */
  plan: PublishPlan,
  by: { publishedBy: string; note: string | null },
): Promise<ReleaseRow> {
  const { db, storage } = deps;
  const configs = plan.configs;
  if (configs.length === 0) throw new PublishError(409, 'NO_CONFIGS', PUBLISH_MESSAGES.noConfigs);
  let template: string;
  try {
    template = new TextDecoder().decode(await deps.readPageHtml());
  } catch (error) {
    deps.logger.error(`the published page could not be read: ${storageDetail(error)}`);
    throw new PublishError(503, 'PACK_HTML_UNAVAILABLE', PUBLISH_MESSAGES.packHtmlFailed(404));
  }
  await abandonInterrupted(deps, scope);

  const [{ latest } = { latest: null }] = await db
    .select({ latest: max(release.version) })
    .from(release)
    .where(eq(release.gameId, scope.gameId));
  const version = (latest ?? 0) + 1;
  // Settled when the release is written (its row then accounts for its files) or its files are removed.
  const writing = await db.transaction(async (tx) => {
    await tx
      .insert(release)
      .values({ id: randomUUID(), ...scope, version, status: 'writing', artifacts: [], warnings: [], ...by });
    return deps.intents.begin('objects', releasePrefix(scope.gameId, version), tx);
  });
  const total = configs.length;
  emit({ type: 'started', version, total });

  const store = timedStorage(storage, deps.storageDeadline);
  try {
    const assets = await db
      .select({ assetId: asset.assetId, storageKey: asset.storageKey })
      .from(asset)
      .where(and(eq(asset.gameId, scope.gameId), eq(asset.ownerId, scope.ownerId)));
    const assetByUrl = new Map(assets.map((row) => [storage.publicUrl(row.storageKey), row]));
    const copies = new Map<string, Promise<string | null>>();
    /** A game asset's URL → the URL of the release's copy of its bytes (copied once per release). */
    const relocate = (url: string): Promise<string | null> => {
      const row = assetByUrl.get(url);
      if (!row) return Promise.resolve(url);
      let copy = copies.get(row.storageKey);
      if (!copy) {
        copy = (async () => {
          const stored = await store.get(row.storageKey);
          if (!stored) return null;
          const key = releaseAssetKey(scope.gameId, version, row.storageKey);
          await store.create(key, stored.body, stored.contentType);
          return storage.publicUrl(key);
        })();
        copies.set(row.storageKey, copy);
      }
      return copy;
    };

    const files: (ReleaseFiles | null)[] = Array.from({ length: total }, () => null);
    const warnings: string[][] = Array.from({ length: total }, () => []);
    let done = 0;
    /** A config.json's content as the release writes it: images the release's own copies; and what is missing. */
    const releaseJson = async (published: PlannedConfig['published'], uiLayout: DailyReward['uiLayout']) => {
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
    };
    await eachLimited(configs, deps.concurrency ?? 8, async ({ config, published, contentHash, experiment }, index) => {
      const { json, missing } = await releaseJson(published, config.uiLayout);
      warnings[index] = [...missing].map((id) => PUBLISH_MESSAGES.missingAsset(config.name, id));
      const body = encoder.encode(json);
      const page = encoder.encode(publishedPageFor(template, json));
      const pageKey = versionedPageKey(scope.gameId, version, config.id);
      const configKey = versionedConfigKey(scope.gameId, version, config.id);
      await store.create(pageKey, page, HTML);
      await store.create(configKey, body, JSON_TYPE);
      const artifact: PublishedArtifact = {
        featureType: 'daily_rewards',
        id: config.id,
        name: config.name,
        htmlUrl: storage.publicUrl(dailyRewardsPageKey(scope.gameId, config.id)),
        configUrl: storage.publicUrl(dailyRewardsConfigKey(scope.gameId, config.id)),
        versionedHtmlUrl: storage.publicUrl(pageKey),
        versionedConfigUrl: storage.publicUrl(configKey),
        contentHash,
      };
      // Each variant but the control gets its page and config.json in the same release (decision 046).
      const variantFiles: ReleaseFiles['variants'] = [];
      if (experiment) {
        const variants: PublishedExperiment['variants'] = [];
        for (const variant of experiment.variants) {
          if (!variant.published) {
            const { htmlUrl, versionedHtmlUrl, configUrl, versionedConfigUrl } = artifact;
            variants.push({
              id: variant.id,
              name: variant.name,
              weight: variant.weight,
              htmlUrl,
              versionedHtmlUrl,
              configUrl,
              versionedConfigUrl,
            });
            continue;
          }
          const layout = config.experiment?.variants.find((v) => v.id === variant.id)?.uiLayout ?? null;
          const own = await releaseJson(variant.published, layout);
          warnings[index]!.push(
            ...[...own.missing].map((id) =>
              PUBLISH_MESSAGES.missingAsset(`${config.name} (variant ${variant.name})`, id),
            ),
          );
          const variantBody = encoder.encode(own.json);
          const variantPage = encoder.encode(publishedPageFor(template, own.json));
          const variantPageKey = versionedVariantPageKey(scope.gameId, version, config.id, variant.id);
          const variantConfigKey = versionedVariantConfigKey(scope.gameId, version, config.id, variant.id);
          await store.create(variantPageKey, variantPage, HTML);
          await store.create(variantConfigKey, variantBody, JSON_TYPE);
          variantFiles.push({ id: variant.id, html: variantPage, config: variantBody });
          variants.push({
            id: variant.id,
            name: variant.name,
            weight: variant.weight,
            htmlUrl: storage.publicUrl(dailyRewardsVariantPageKey(scope.gameId, config.id, variant.id)),
            configUrl: storage.publicUrl(dailyRewardsVariantConfigKey(scope.gameId, config.id, variant.id)),
            versionedHtmlUrl: storage.publicUrl(variantPageKey),
            versionedConfigUrl: storage.publicUrl(variantConfigKey),
          });
        }
        artifact.experiment = { id: experiment.id, variants };
      }
      files[index] = { artifact, html: page, config: body, variants: variantFiles };
      emit({ type: 'progress', done: ++done, total, id: config.id, name: config.name });
    });

    const written = files.filter((file): file is ReleaseFiles => file !== null);
    await db.transaction(async (tx) => {
      await tx
        .update(release)
        .set({ status: 'ready', artifacts: written.map((file) => file.artifact), warnings: warnings.flat() })
        .where(and(ownRows(scope), eq(release.version, version)));
      await fixPublishedKeys(tx, scope, configs);
      await deps.intents.settle(writing, tx);
    });
    const live = await switchLive(deps, scope, version, written);
    await pruneReleases(deps, scope);
    return live;
  } catch (error) {
    const message =
      error instanceof PublishError ? error.message : PUBLISH_MESSAGES.storageFailed(storageDetail(error));
    deps.logger.error(`publish of game ${scope.gameId} (release ${version}) failed: ${storageDetail(error)}`);
    await db
      .update(release)
      .set({ status: 'failed', live: false, error: message, finishedAt: new Date() })
      .where(and(ownRows(scope), eq(release.version, version)))
      .catch((cause: unknown) =>
        deps.logger.error(`could not mark release ${version} failed: ${storageDetail(cause)}`),
      );
    // A failure after the release was recorded ready leaves its files to its row (the intent is settled).
    if (await removePrefix(deps, releasePrefix(scope.gameId, version))) await deps.intents.settleQuietly(writing);
    if (error instanceof PublishError) throw error;
    throw new PublishError(502, error instanceof StorageTimeout ? 'STORAGE_TIMEOUT' : 'STORAGE_FAILED', message);
  }
}

/**
 * Rollback (or forward): makes an earlier complete release live again from its own versioned files, which
 * nothing ever overwrote. The caller holds the game's lock.
 */
export async function makeReleaseLive(deps: ReleaseDeps, scope: GameScope, version: number): Promise<ReleaseRow> {
  const [row] = await deps.db
    .select()
    .from(release)
    .where(and(ownRows(scope), eq(release.version, version)));
  if (!row) throw new PublishError(404, 'NOT_FOUND', PUBLISH_MESSAGES.releaseNotFound);
  if (row.status !== 'ready') throw new PublishError(409, 'RELEASE_NOT_READY', PUBLISH_MESSAGES.releaseNotReady);
  const store = timedStorage(deps.storage, deps.storageDeadline);
  const files: ReleaseFiles[] = [];
  try {
    await eachLimited(row.artifacts, deps.concurrency ?? 8, async (artifact) => {
      const found = await readReleaseFiles((key) => store.get(key), scope.gameId, version, artifact);
      if (!found) throw new PublishError(409, 'RELEASE_FILES_MISSING', PUBLISH_MESSAGES.releaseFilesMissing);
      files.push(found);
    });
    const order = new Map(row.artifacts.map((artifact, index) => [artifact.id, index]));
    files.sort((a, b) => order.get(a.artifact.id)! - order.get(b.artifact.id)!);
    return await switchLive(deps, scope, version, files);
  } catch (error) {
    if (error instanceof PublishError) throw error;
    deps.logger.error(`rollback of game ${scope.gameId} to ${version} failed: ${storageDetail(error)}`);
    throw new PublishError(
      502,
      error instanceof StorageTimeout ? 'STORAGE_TIMEOUT' : 'STORAGE_FAILED',
      PUBLISH_MESSAGES.storageFailed(storageDetail(error)),
    );
  }
}
