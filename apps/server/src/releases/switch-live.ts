import { and, eq, sql } from 'drizzle-orm';
import { PUBLISH_MESSAGES, PUBLISHED_CACHE } from '@liveops/domain/releases';
import { release } from '../db/schema';
import type { GameScope } from '../games/game-scope';
import { gameStablePrefix, manifestKey } from '../storage/release-keys';
import { eachLimited } from './each-limited';
import { PublishError, storageDetail } from './publish-error';
import { restoreManifest, restoreStable } from './recover';
import type { ReleaseDeps } from './release-deps';
import { JSON_TYPE, manifestOf, putStable, removeStaleStable, type ReleaseFiles } from './release-files';
import { liveRelease, ownReleases, type ReleaseRow } from './release-rows';
import { timedStorage } from './timed-storage';

/**
 * Makes a complete release live: the stable paths of every config, then manifest.json (one atomic write that
 * switches game engines to the release's versioned URLs), then the database. A failure before the manifest
 * leaves the previous manifest in place, and the stable paths already switched are put back from the previous
 * live release's versioned files. Stable files of configs the release does not have are removed afterwards.
 */
export async function switchLive(
  deps: ReleaseDeps,
  scope: GameScope,
  version: number,
  files: ReleaseFiles[],
): Promise<ReleaseRow> {
  const store = timedStorage(deps.storage, deps.storageDeadline);
  const previous = await liveRelease(deps.db, scope);
  const manifest = manifestOf(
    scope.gameId,
    version,
    files.map(({ artifact }) => artifact),
  );
  // Until settled, a restart puts the stable paths back to the live release (a kill midway mixes releases).
  const switching = await deps.intents.begin('stable', gameStablePrefix(scope.gameId));
  const written = new Set<string>();
  try {
    await eachLimited(files, deps.concurrency ?? 8, async (file) => {
      const keys = await putStable(
        (key, body, type) => store.put(key, body, type, PUBLISHED_CACHE.stable),
        scope.gameId,
        file,
      );
      for (const key of keys) written.add(key);
    });
    await store.put(manifestKey(scope.gameId), manifest, JSON_TYPE, PUBLISHED_CACHE.stable);
  } catch (error) {
    if (!previous || previous.version === version || (await restoreStable(deps, scope, previous))) {
      await deps.intents.settleQuietly(switching);
    }
    throw error;
  }

  const row = await makeCurrent(deps, scope, version).catch(async (error: unknown) => {
    // The database still names the previous release live: the files follow it back (or, failing that, the
    // intent stays and the next cleanup does it).
    if (previous && previous.version !== version) {
      const restored = await restoreStable(deps, scope, previous);
      const manifestBack = await restoreManifest(deps, scope, previous);
      if (restored && manifestBack) await deps.intents.settleQuietly(switching);
    }
    throw error;
  });
  if (!row) throw new PublishError(404, 'NOT_FOUND', PUBLISH_MESSAGES.releaseNotFound);

  const kept = new Set(files.map(({ artifact }) => artifact.id));
  try {
    await removeStaleStable(deps.storage, scope.gameId, kept, written);
  } catch (error) {
    deps.logger.warn(`could not remove unpublished configs of game ${scope.gameId}: ${storageDetail(error)}`);
    return row;
  }
  await deps.intents.settleQuietly(switching);
  return row;
}

/** The one transaction that names the release live instead of the one that was; its row, or none if it is gone. */
async function makeCurrent(deps: ReleaseDeps, scope: GameScope, version: number): Promise<ReleaseRow | undefined> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await tx
      .update(release)
      .set({ live: false })
      .where(and(ownReleases(scope), eq(release.live, true)));
    const [live] = await tx
      .update(release)
      // A rollback keeps the release's publish time (decision 029): only when it went live again is new.
      .set({ live: true, status: 'ready', finishedAt: sql`coalesce(${release.finishedAt}, ${now})`, liveSince: now })
      .where(and(ownReleases(scope), eq(release.version, version)))
      .returning();
    return live;
  });
}
