import type { Db } from '../db/database';
import { game } from '../db/schema';
import { withGameLock, type GameLocks } from '../db/game-lock';
import { ownedGame, type GameScope } from './game-scope';
import type { Logger } from '../logging/logger';
import { removeGameFiles, type RemovedGameFiles } from '../storage/remove-game-files';
import { gameStoragePrefixes } from '../storage/storage-keys';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';

/** How long a deletion waits for a running publish before refusing (decision 018). */
export const DELETE_LOCK_WAIT_MS = 2000;

export type GameRemovalDeps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  locks: GameLocks;
  intents: StorageIntents;
  /** Defaults to DELETE_LOCK_WAIT_MS. */
  lockWaitMs?: number;
};

export type GameRemoval =
  | { outcome: 'deleted'; row: typeof game.$inferSelect; files: RemovedGameFiles }
  | { outcome: 'not-found' }
  | { outcome: 'busy' };

/** Whether the game of a scope is still there (a deletion may have run since the request's guard looked). */
export async function gameStillExists(db: Db, scope: Pick<GameScope, 'gameId' | 'ownerId'>): Promise<boolean> {
  const [row] = await db.select({ id: game.id }).from(game).where(ownedGame(scope));
  return !!row;
}

/**
 * Deletes one game of its owner, and everything of it: the row goes in one statement and every table that
 * references the game (segments, items, packs, daily rewards, releases, assets) cascades with it. Only after
 * that has committed are its stored files (asset bytes, published packs) removed, retried, and what still fails
 * logged by removeGameFiles: no row ever points at missing bytes. Holds the game's publish lock throughout, so a
 * publish is never half-written beside a deletion.
 */
export async function removeGame(
  deps: GameRemovalDeps,
  scope: Pick<GameScope, 'gameId' | 'ownerId'>,
): Promise<GameRemoval> {
  const removal = await withGameLock(deps.locks, scope.gameId, () => removeLocked(deps, scope), {
    waitMs: deps.lockWaitMs ?? DELETE_LOCK_WAIT_MS,
  });
  return removal.held ? removal.value : { outcome: 'busy' };
}

async function removeLocked(deps: GameRemovalDeps, scope: Pick<GameScope, 'gameId' | 'ownerId'>): Promise<GameRemoval> {
  // The rows go with intents to remove the game's files, settled once those are gone (decision 026).
  const deleted = await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(game).where(ownedGame(scope)).returning();
    if (!gone) return null;
    const removing = [];
    for (const prefix of gameStoragePrefixes(gone.id)) {
      removing.push({ prefix, id: await deps.intents.begin('objects', prefix, tx) });
    }
    return { row: gone, removing };
  });
  if (!deleted) return { outcome: 'not-found' };
  const { row } = deleted;
  const files = await removeGameFiles([row.id], {
    storage: deps.storage,
    logger: deps.logger,
    reason: `game ${row.id} deleted`,
  });
  for (const { prefix, id } of deleted.removing) {
    if (!files.failed.includes(prefix)) await deps.intents.settleQuietly(id);
  }
  deps.logger.info(`game ${row.id} deleted: ${files.removed} stored files removed`);
  return { outcome: 'deleted', row, files };
}
