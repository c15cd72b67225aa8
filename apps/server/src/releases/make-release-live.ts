import { and, eq } from 'drizzle-orm';
import { PUBLISH_MESSAGES } from '@liveops/domain/releases';
import { release } from '../db/schema';
import type { GameScope } from '../games/game-scope';
import { eachLimited } from './each-limited';
import { asPublishError, PublishError, storageDetail } from './publish-error';
import type { ReleaseDeps } from './release-deps';
import { readReleaseFiles, type ReleaseFiles } from './release-files';
import { ownReleases, type ReleaseRow } from './release-rows';
import { switchLive } from './switch-live';
import { timedStorage } from './timed-storage';

/**
 * Rollback (or forward): makes an earlier complete release live again from its own versioned files, which
 * nothing ever overwrote. The caller holds the game's lock.
 */
export async function makeReleaseLive(deps: ReleaseDeps, scope: GameScope, version: number): Promise<ReleaseRow> {
  const [row] = await deps.db
    .select()
    .from(release)
    .where(and(ownReleases(scope), eq(release.version, version)));
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
    throw asPublishError(error);
  }
}
