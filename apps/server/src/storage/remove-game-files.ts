import type { Logger } from '../logging/logger';
import { gameStoragePrefixes } from './storage-keys';
import type { Storage } from './storage';

/** How often a failing prefix is tried, and the pause before each retry (doubled every time). */
export const REMOVE_ATTEMPTS = 3;
export const REMOVE_FIRST_RETRY_MS = 250;

export type RemovedGameFiles = {
  /** Objects deleted. */
  removed: number;
  /** Prefixes that still failed after every attempt: reported in the log, never silently kept. */
  failed: string[];
};

type Options = {
  storage: Pick<Storage, 'list' | 'delete'>;
  logger: Logger;
  attempts?: number;
  firstRetryMs?: number;
  /** What the removal is for, in the log ("account deleted", "game deleted"). */
  reason: string;
};

/** Deletes every object under the prefix, going on past a failing one; throws the first failure at the end. */
async function removePrefix(storage: Options['storage'], prefix: string, onRemoved: () => void): Promise<void> {
  // Listed whole before deleting, so a store that pages its listing never skips keys under a shifting cursor.
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  let failure: { error: unknown } | null = null;
  for (const key of keys) {
    try {
      await storage.delete(key);
      onRemoved();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

/**
 * Deletes every stored file of the given games (asset bytes and published packs). Call it only after the
 * database has committed the games' removal, so no row is ever left pointing at bytes that are gone. A prefix
 * that fails is tried again with a growing pause; what still fails is logged as an error naming the prefixes
 * (their asset bytes are also swept by the start-up cleanup, since no row references them). Never rejects.
 */
export async function removeGameFiles(gameIds: readonly string[], options: Options): Promise<RemovedGameFiles> {
  const { storage, logger, attempts = REMOVE_ATTEMPTS, firstRetryMs = REMOVE_FIRST_RETRY_MS, reason } = options;
  const result: RemovedGameFiles = { removed: 0, failed: [] };
  for (const prefix of gameIds.flatMap(gameStoragePrefixes)) {
    for (let attempt = 1; ; attempt++) {
      try {
        await removePrefix(storage, prefix, () => void result.removed++);
        break;
      } catch (error) {
        if (attempt >= attempts) {
          result.failed.push(prefix);
          logger.error(`${reason}: could not remove the stored files under ${prefix} (${attempts} attempts):`, error);
          break;
        }
        logger.warn(`${reason}: removing ${prefix} failed (attempt ${attempt} of ${attempts}), retrying:`, error);
        await new Promise((resolve) => setTimeout(resolve, firstRetryMs * 2 ** (attempt - 1)));
      }
    }
  }
  return result;
}
