import { and, eq } from 'drizzle-orm';
import { PUBLISH_MESSAGES } from '@liveops/domain/releases';
import type { Db } from '../db/database';
import { release } from '../db/schema';
import type { GameScope } from '../games/game-scope';
import { gameStillExists } from '../games/game-removal';
import { removeGameFiles } from '../storage/remove-game-files';
import { manifestKey, releasePrefix } from '../storage/release-keys';
import { eachLimited } from './each-limited';
import { asPublishError, storageDetail, type PublishError } from './publish-error';
import type { ReleaseDeps } from './release-deps';
import { putManifest, putStable, putStableFile, readReleaseFiles, removeStaleStable } from './release-files';
import { ownReleases, type ReleaseRow } from './release-rows';

// What a publish leaves behind when it fails, and what a server stopped midway left: put right here, either at
// once by the publish that failed, or by the next publish and the storage cleanup (decision 026).

/**
 * Deletes every object under a prefix; failures are logged, not thrown (the rows are already gone). Answers
 * whether all went, so the caller settles the prefix's intent only then (else the cleanup finishes the work).
 */
export async function removePrefix(deps: Pick<ReleaseDeps, 'storage' | 'logger'>, prefix: string): Promise<boolean> {
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
export async function abandonInterrupted(deps: ReleaseDeps, scope: GameScope): Promise<void> {
  const stale = await deps.db
    .update(release)
    .set({ status: 'failed', error: PUBLISH_MESSAGES.interrupted, finishedAt: new Date() })
    .where(and(ownReleases(scope), eq(release.status, 'writing')))
    .returning({ version: release.version });
  for (const { version } of stale) await removePrefix(deps, releasePrefix(scope.gameId, version));
}

/**
 * A publish that failed: its release marked failed with the message the studio reads, and its files removed (then
 * its writing intent settled; a release already recorded ready leaves its files to its row). Answers the error the
 * publish throws; the previous release stays live.
 */
export async function failRelease(
  deps: ReleaseDeps,
  scope: GameScope,
  { version, writing }: { version: number; writing: string },
  error: unknown,
): Promise<PublishError> {
  const failure = asPublishError(error);
  deps.logger.error(`publish of game ${scope.gameId} (release ${version}) failed: ${storageDetail(error)}`);
  await deps.db
    .update(release)
    .set({ status: 'failed', live: false, error: failure.message, finishedAt: new Date() })
    .where(and(ownReleases(scope), eq(release.version, version)))
    .catch((cause: unknown) => deps.logger.error(`could not mark release ${version} failed: ${storageDetail(cause)}`));
  if (await removePrefix(deps, releasePrefix(scope.gameId, version))) await deps.intents.settleQuietly(writing);
  return failure;
}

/**
 * A game deleted while its publish ran (an account deletion does not wait for publishes): whatever the publish
 * wrote after the deletion removed the game's files goes too.
 */
export async function removeFilesOfDeletedGame(deps: ReleaseDeps, scope: GameScope): Promise<void> {
  if (await gameStillExists(deps.db, scope).catch(() => true)) return;
  await removeGameFiles([scope.gameId], {
    storage: deps.storage,
    logger: deps.logger,
    reason: `publish of deleted game ${scope.gameId}`,
  });
}

/** Best effort: the previous live release's files back at the stable paths after a switch failed midway. */
export async function restoreStable(deps: ReleaseDeps, scope: GameScope, previous: ReleaseRow): Promise<boolean> {
  try {
    await eachLimited(previous.artifacts, deps.concurrency ?? 8, async (artifact) => {
      const files = await readReleaseFiles((key) => deps.storage.get(key), scope.gameId, previous.version, artifact);
      if (!files) return;
      await putStable((key, body, type) => putStableFile(deps.storage, key, body, type), scope.gameId, files);
    });
    return true;
  } catch (error) {
    deps.logger.error(`could not restore release ${previous.version} of game ${scope.gameId}: ${storageDetail(error)}`);
    return false;
  }
}

/** Best effort: the previous live release's manifest.json back, after a switch wrote the new one and then failed. */
export function restoreManifest(deps: ReleaseDeps, scope: GameScope, previous: ReleaseRow): Promise<boolean> {
  return putManifest(deps.storage, scope.gameId, previous.version, previous.artifacts).then(
    () => true,
    (cause: unknown) => {
      deps.logger.error(`could not restore the manifest: ${storageDetail(cause)}`);
      return false;
    },
  );
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
      const keys = await putStable((key, body, type) => putStableFile(storage, key, body, type), gameId, files);
      for (const key of keys) written.add(key);
      kept.add(artifact.id);
    });
    await putManifest(storage, gameId, live.version, live.artifacts);
  } else {
    await storage.delete(manifestKey(gameId));
  }
  await removeStaleStable(storage, gameId, kept, written);
}
