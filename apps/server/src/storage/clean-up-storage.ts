import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverInstance, storageIntent } from '../db/schema';
import { withGameLock, type GameLocks } from '../db/game-lock';
import type { Logger } from '../logging/logger';
import type { Storage } from './storage';
import { INSTANCE_GONE_AFTER_MS, type StorageIntents } from './storage-intents';

/**
 * How old a filesystem temporary file or half-object must be before cleanup removes it: a write still in flight
 * is younger. Such files are never a finished object, whoever wrote them.
 */
export const STORAGE_CLEANUP_GRACE_MS = 15 * 60_000;
/**
 * An intent of an instance still running is left alone unless it is this old: no upload, copy or publish runs
 * for a day, so it is one whose settling failed.
 */
export const STORAGE_INTENT_MAX_AGE_MS = 24 * 60 * 60_000;
/** At most this many intents are acted on per run, bounding the work. */
export const STORAGE_CLEANUP_MAX_INTENTS = 1000;

export type StorageCleanupReport = {
  /** Temporary files and halves of objects that interrupted writes left (filesystem only). */
  incomplete: number;
  /** Objects removed because an intent of an instance that is gone named them. */
  removed: number;
  /** Games whose stable paths an interrupted switch left, put back to the live release. */
  restored: number;
  /** Intents acted on and settled. */
  settled: number;
  /** Intents left for a later run: their instance still runs, or the work failed or its game was busy. */
  left: number;
};

/**
 * What publishing knows of the intents it leaves (decision 026). The releases area provides it and app.ts passes
 * it in: storage is infrastructure and never imports an area.
 */
export type ReleaseRecovery = {
  /** The game of a stable-switch intent's prefix, or null for any other prefix. */
  gameOfStablePrefix: (prefix: string) => string | null;
  /** Marks failed the release an objects intent's prefix names, if it is still being written. */
  markReleaseInterrupted: (db: Db, prefix: string) => Promise<void>;
  /** Puts a game's stable paths back to its live release; the caller holds the game's lock. */
  restoreStablePaths: (deps: { db: Db; storage: Storage }, gameId: string) => Promise<void>;
};

export type CleanupOptions = {
  db: Db;
  storage: Storage;
  logger: Logger;
  intents: Pick<StorageIntents, 'instanceId' | 'singleProcess'>;
  locks: GameLocks;
  releases: ReleaseRecovery;
  /** Whether to look for the filesystem's temporary files too (a walk of the whole store: at start only). */
  incomplete?: boolean;
  /** The clock, in epoch ms. */
  now?: number;
};

/**
 * Finishes what instances that are gone left unfinished in storage (decision 026), and nothing else: objects
 * named by their write intents are removed (an upload's bytes without a row, a release cut short, bytes whose
 * row was deleted), and stable paths of an interrupted switch are put back to the live release. An object no
 * intent names is never touched, so a second deployment on the same bucket, or this one after its database was
 * reset, removes nothing it did not write. Never rejects: a failure is logged and answered with null, and what
 * was left is tried at the next run.
 */
export async function cleanUpStorage(options: CleanupOptions): Promise<StorageCleanupReport | null> {
  try {
    return await cleanUp(options);
  } catch (error) {
    options.logger.error('storage cleanup failed (the server runs on; the next run tries again):', error);
    return null;
  }
}

async function cleanUp({
  db,
  storage,
  logger,
  intents,
  locks,
  releases,
  incomplete = true,
  now = Date.now(),
}: CleanupOptions): Promise<StorageCleanupReport> {
  const report: StorageCleanupReport = {
    incomplete: incomplete ? await storage.removeIncomplete(now - STORAGE_CLEANUP_GRACE_MS) : 0,
    removed: 0,
    restored: 0,
    settled: 0,
    left: 0,
  };

  // Instances still running: on PGlite only this one (one process owns the database), else those heard lately.
  const instances = await db.select().from(serverInstance);
  const running = new Set(
    instances
      .filter(
        (row) =>
          row.id === intents.instanceId ||
          (!intents.singleProcess && row.seenAt.getTime() >= now - INSTANCE_GONE_AFTER_MS),
      )
      .map((row) => row.id),
  );
  const gone = instances.filter((row) => !running.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await db.delete(serverInstance).where(inArray(serverInstance.id, gone));

  const rows = await db
    .select()
    .from(storageIntent)
    .where(ne(storageIntent.instanceId, intents.instanceId))
    .orderBy(asc(storageIntent.createdAt))
    .limit(STORAGE_CLEANUP_MAX_INTENTS);
  const own = await db
    .select()
    .from(storageIntent)
    .where(
      and(
        eq(storageIntent.instanceId, intents.instanceId),
        lt(storageIntent.createdAt, new Date(now - STORAGE_INTENT_MAX_AGE_MS)),
      ),
    )
    .limit(STORAGE_CLEANUP_MAX_INTENTS);
  for (const row of [...rows, ...own]) {
    const stale = row.createdAt.getTime() < now - STORAGE_INTENT_MAX_AGE_MS;
    if (running.has(row.instanceId) && !stale) {
      report.left += 1;
      continue;
    }
    try {
      if (row.kind === 'objects') {
        const keys: string[] = [];
        for await (const entry of storage.list(row.prefix)) keys.push(entry.key);
        for (const key of keys) await storage.delete(key);
        report.removed += keys.length;
        await releases.markReleaseInterrupted(db, row.prefix);
      } else {
        const gameId = releases.gameOfStablePrefix(row.prefix);
        if (gameId) {
          // A publish running now on another instance switches the paths itself; this run leaves it be.
          const restored = await withGameLock(locks, gameId, () =>
            releases.restoreStablePaths({ db, storage }, gameId),
          );
          if (!restored.held) {
            report.left += 1;
            continue;
          }
          report.restored += 1;
        }
      }
      await db.delete(storageIntent).where(eq(storageIntent.id, row.id));
      report.settled += 1;
    } catch (error) {
      report.left += 1;
      logger.warn(`storage cleanup: ${row.kind} ${row.prefix} failed (tried again at the next run):`, error);
    }
  }

  if (report.incomplete + report.removed + report.restored + report.left > 0) {
    logger.info(
      `storage cleanup: removed ${report.incomplete} leftovers of interrupted writes and ${report.removed} objects` +
        ` that stopped instances wrote or meant to remove, restored ${report.restored} interrupted switches` +
        ` of stable paths, ${report.left} intents left for a later run`,
    );
  }
  return report;
}

/** How often a running server looks for what stopped instances left (cheap: one small table). */
export const STORAGE_CLEANUP_INTERVAL_MS = 60_000;

/**
 * The cleanup at start (with the filesystem's temporary files), then every minute over intents only: an
 * instance killed a moment ago still looks alive on PostgreSQL until its heartbeat is INSTANCE_GONE_AFTER_MS
 * old, and its leftovers go at the first run after that. Returns a stop function.
 */
export function startStorageCleanup(options: CleanupOptions): () => void {
  void cleanUpStorage(options);
  const timer = setInterval(() => void cleanUpStorage({ ...options, incomplete: false }), STORAGE_CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
