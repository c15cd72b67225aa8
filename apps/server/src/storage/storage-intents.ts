import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { serverInstance, storageIntent } from '../db/schema';
import type { Logger } from '../logging/logger';

/** How often a running instance says it is alive, and after how long without a word it counts as gone. */
export const INSTANCE_HEARTBEAT_MS = 10_000;
export const INSTANCE_GONE_AFTER_MS = 30_000;

export type StorageIntentKind = 'objects' | 'stable';
/** The database or a transaction on it (an intent is settled in the transaction that records the write). */
type Writer = Pick<Db, 'insert' | 'delete'>;

/**
 * What this instance is doing to storage (decision 026). `begin` commits an intent before the first byte is
 * written (or in the transaction that stops a row from referencing bytes); `settle` deletes it, in the
 * transaction that records what was written when there is one. An intent left behind by an instance that is
 * gone names exactly what the start-up cleanup may remove: nothing else in storage is ever touched.
 */
export type StorageIntents = {
  instanceId: string;
  /** True on PGlite: one process owns the database, so every other instance is gone. */
  singleProcess: boolean;
  begin: (kind: StorageIntentKind, prefix: string, writer?: Writer) => Promise<string>;
  settle: (id: string, writer?: Writer) => Promise<void>;
  /** settle, logging a failure instead of throwing: the intent stays and the cleanup finishes the work. */
  settleQuietly: (id: string) => Promise<void>;
  /** Stops the heartbeat and says this instance is gone (its unsettled intents are then the cleanup's). */
  close: () => Promise<void>;
};

/** Registers this instance (a new id per start) and keeps its heartbeat until close. */
export async function createStorageIntents(
  database: Database,
  logger: Logger,
  { instanceId = randomUUID(), heartbeatMs = INSTANCE_HEARTBEAT_MS } = {},
): Promise<StorageIntents> {
  const { db } = database;
  await db.insert(serverInstance).values({ id: instanceId });
  const timer = setInterval(() => {
    db.update(serverInstance)
      .set({ seenAt: new Date() })
      .where(eq(serverInstance.id, instanceId))
      .catch((error: unknown) => logger.warn('instance heartbeat failed:', error));
  }, heartbeatMs);
  timer.unref();

  const settle = async (id: string, writer: Writer = db) => {
    await writer.delete(storageIntent).where(eq(storageIntent.id, id));
  };
  return {
    instanceId,
    singleProcess: database.kind === 'pglite',
    async begin(kind, prefix, writer = db) {
      const id = randomUUID();
      await writer.insert(storageIntent).values({ id, kind, prefix, instanceId });
      return id;
    },
    settle,
    settleQuietly: (id) =>
      settle(id).catch((error: unknown) =>
        logger.warn(`could not settle storage intent ${id} (the next cleanup finishes it):`, error),
      ),
    async close() {
      clearInterval(timer);
      await db
        .delete(serverInstance)
        .where(eq(serverInstance.id, instanceId))
        .catch((error: unknown) => logger.warn('could not deregister this instance:', error));
    },
  };
}
