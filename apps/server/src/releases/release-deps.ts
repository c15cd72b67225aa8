import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';
import type { StorageDeadline } from './timed-storage';

/** What publishing and rollbacks work with. */
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
