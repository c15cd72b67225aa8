import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { asset } from '../db/schema';
import type { Logger } from '../lib/logger';
import { ASSET_KEY_PREFIX } from './storage-keys';
import type { StoredEntry, Storage } from './storage';

/**
 * How old a leftover must be before cleanup touches it. An upload writes its bytes a moment before its row, and
 * another instance sharing the database and bucket may be in that moment right now; 15 minutes is far longer
 * than any upload and than the clock drift between a server and its S3 store.
 */
export const STORAGE_CLEANUP_GRACE_MS = 15 * 60_000;
/** At most this many stored assets are examined per start, bounding the work on a huge store. */
export const STORAGE_CLEANUP_MAX_OBJECTS = 100_000;
const BATCH = 500;

export type StorageCleanupReport = {
  /** Temporary files and halves of objects that interrupted writes left (filesystem only). */
  incomplete: number;
  /** Asset objects no asset row references. */
  unreferenced: number;
  /** Asset objects examined. */
  scanned: number;
  /** Objects younger than the grace period, left alone whatever they are. */
  young: number;
  /** Whether examining stopped at maxObjects, leaving the rest unexamined. */
  truncated: boolean;
};

type CleanupOptions = {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Defaults to STORAGE_CLEANUP_GRACE_MS. */
  graceMs?: number;
  maxObjects?: number;
  /** The clock, in epoch ms. */
  now?: number;
};

/**
 * Removes what crashes leave in storage (decision 010): the filesystem's temporary files and halves of objects,
 * and objects under assets/ that no asset row references. Only what is older than the grace period is touched.
 * Runs at start, in the background: it never rejects, a failure is logged and answered with null, and whatever it
 * left is tried again at the next start.
 */
export async function cleanUpStorage(options: CleanupOptions): Promise<StorageCleanupReport | null> {
  try {
    return await cleanUp(options);
  } catch (error) {
    options.logger.error('storage cleanup failed (the server runs on; the next start tries again):', error);
    return null;
  }
}

async function cleanUp({
  db,
  storage,
  logger,
  graceMs = STORAGE_CLEANUP_GRACE_MS,
  maxObjects = STORAGE_CLEANUP_MAX_OBJECTS,
  now = Date.now(),
}: CleanupOptions): Promise<StorageCleanupReport> {
  const before = now - graceMs;
  const report: StorageCleanupReport = {
    incomplete: await storage.removeIncomplete(before),
    unreferenced: 0,
    scanned: 0,
    young: 0,
    truncated: false,
  };

  let batch: StoredEntry[] = [];
  const removeUnreferenced = async () => {
    const keys = batch.map((entry) => entry.key);
    batch = [];
    // Listed before this query: a row committed by now is seen, and rows only ever follow their bytes.
    const rows = await db.select({ key: asset.storageKey }).from(asset).where(inArray(asset.storageKey, keys));
    const referenced = new Set(rows.map((row) => row.key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      report.unreferenced += 1;
    }
  };
  for await (const entry of storage.list(ASSET_KEY_PREFIX)) {
    if (report.scanned >= maxObjects) {
      report.truncated = true;
      break;
    }
    report.scanned += 1;
    if (entry.lastModified >= before) {
      report.young += 1;
      continue;
    }
    batch.push(entry);
    if (batch.length >= BATCH) await removeUnreferenced();
  }
  if (batch.length > 0) await removeUnreferenced();

  logger.info(
    `storage cleanup: removed ${report.incomplete} leftovers of interrupted writes and ${report.unreferenced} unreferenced assets` +
      ` (${report.scanned} examined, ${report.young} younger than ${Math.round(graceMs / 60_000)} min left alone` +
      `${report.truncated ? `; stopped after ${maxObjects}, the rest not examined` : ''})`,
  );
  return report;
}
