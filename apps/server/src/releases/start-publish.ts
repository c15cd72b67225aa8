import { QUOTA_MESSAGES } from '@liveops/domain/accounts';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { PUBLISH_MESSAGES, type PublishEvent, type PublishProblem } from '@liveops/domain/releases';
import { withGameLock, type GameLocks } from '../db/game-lock';
import type { GameScope } from '../games/game-scope';
import { gameStillExists } from '../games/game-removal';
import { checkedPlan, planPublish, releaseBytesOf, type PublishPlan } from './plan-publish';
import { PublishError } from './publish-error';
import { publishGame } from './publish-game';
import { removeFilesOfDeletedGame } from './recover';
import type { ReleaseDeps } from './release-deps';
import { presentRelease } from './release-rows';

export type PublishRequest = {
  leaveOut: readonly string[] | undefined;
  by: { publishedBy: string; note: string | null };
};

/** A publish refused before anything was written, answered as JSON with its status. */
export type PublishRefusal = {
  status: 404 | 409 | 413 | 422;
  code: string;
  message: string;
  problems?: PublishProblem[];
};

/** How a publish began: refused, or running until `finished` (which settles once the game's lock is released). */
export type PublishStart = { refused: PublishRefusal } | { refused: null; finished: Promise<void> };

type StartDeps = { release: ReleaseDeps; locks: GameLocks; maxReleaseBytes: number };

/**
 * Checked under the lock, just before writing: the game still there (a deletion takes this lock too), the configs
 * as they are now (they may have changed since the modal's preview) less those left out, and the release's size.
 */
async function checkUnderLock(
  { release, maxReleaseBytes }: StartDeps,
  scope: GameScope,
  leaveOut: PublishRequest['leaveOut'],
): Promise<{ refused: PublishRefusal } | { plan: PublishPlan }> {
  if (!(await gameStillExists(release.db, scope))) {
    return { refused: { status: 404, code: 'NOT_FOUND', message: GAME_MESSAGES.notFound } };
  }
  const checked = checkedPlan(await planPublish(release, scope), leaveOut);
  if (checked.refused) return { refused: { status: 422, ...checked.refused } };
  // One release may write only so much (decision 032): refused before anything is written.
  const bytes = await releaseBytesOf(release, scope, checked.plan);
  if (bytes > maxReleaseBytes) {
    const message = QUOTA_MESSAGES.release(bytes, maxReleaseBytes);
    return { refused: { status: 413, code: 'RELEASE_TOO_LARGE', message } };
  }
  return { plan: checked.plan };
}

/**
 * Starts a publish holding the game's lock for all of it: answers once it is refused (the lock released) or has
 * begun. It then runs to its end on its own, even if the developer closes the modal: `emit` hears its progress and
 * its outcome ('done' or 'failed', never a throw), and whatever it wrote for a game deleted meanwhile is removed.
 * Throws what the checks throw (a database that cannot be asked), the lock released.
 */
export async function startPublish(
  deps: StartDeps,
  scope: GameScope,
  request: PublishRequest,
  emit: (event: PublishEvent) => void,
): Promise<PublishStart> {
  const { release } = deps;
  let begin!: () => void;
  const begun = new Promise<void>((resolve) => (begin = resolve));
  const locked = withGameLock(deps.locks, scope.gameId, async () => {
    const checked = await checkUnderLock(deps, scope, request.leaveOut);
    if ('refused' in checked) return checked.refused;
    begin();
    try {
      const live = await publishGame(release, scope, emit, checked.plan, request.by);
      emit({ type: 'done', release: presentRelease(live) });
    } catch (error) {
      const known = error instanceof PublishError;
      if (!known) release.logger.error(`publish failed: ${error instanceof Error ? error.stack : String(error)}`);
      emit({
        type: 'failed',
        code: known ? error.code : 'PUBLISH_FAILED',
        message: known ? error.message : PUBLISH_MESSAGES.storageFailed('internal error'),
      });
    } finally {
      await removeFilesOfDeletedGame(release, scope);
    }
    return null;
  });
  const busy: PublishRefusal = { status: 409, code: 'PUBLISH_IN_PROGRESS', message: PUBLISH_MESSAGES.inProgress };
  return Promise.race<PublishStart>([
    begun.then(() => ({ refused: null, finished: locked.then(() => undefined) })),
    // First only when the publish never began: refused under the lock, or the lock was another's.
    locked.then((outcome) => ({ refused: (outcome.held && outcome.value) || busy })),
  ]);
}
