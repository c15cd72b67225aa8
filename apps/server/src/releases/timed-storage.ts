import { PUBLISHED_CACHE } from '@liveops/domain/releases';
import type { Storage } from '../storage/storage';

/** A storage call that took longer than STORAGE_TIMEOUT_MS: the publish (or rollback) gave up on it. */
export class StorageTimeout extends Error {}

/** How long one storage call may take before the publish (or rollback) gives up. */
export const STORAGE_TIMEOUT_MS = 30_000;

/**
 * Arms the deadline of one storage call, before the call starts: `expire` is called once the call has taken too
 * long, unless the function answered (which disarms it) is called first. Tests pass their own to say when a call has
 * hung, instead of racing a short timer that a busy machine loses with calls that were only slow (decision 058).
 */
export type StorageDeadline = (expire: () => void) => () => void;

const wallClockDeadline: StorageDeadline = (expire) => {
  const timer = setTimeout(expire, STORAGE_TIMEOUT_MS);
  return () => clearTimeout(timer);
};

/** The storage calls of one operation, each bounded in time: a store that hangs fails the publish. */
export function timedStorage(storage: Storage, deadline: StorageDeadline = wallClockDeadline) {
  const timed = <T>(what: string, call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const disarm = deadline(() => reject(new StorageTimeout(`${what} timed out after ${STORAGE_TIMEOUT_MS} ms`)));
      call().then(
        (value) => {
          disarm();
          resolve(value);
        },
        (error: unknown) => {
          disarm();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  return {
    get: (key: string) => timed(`reading ${key}`, () => storage.get(key)),
    put: (key: string, body: Uint8Array, contentType: string, cacheControl: string) =>
      timed(`writing ${key}`, () => storage.put(key, body, { contentType, cacheControl })),
    async create(key: string, body: Uint8Array, contentType: string) {
      const created = await timed(`writing ${key}`, () =>
        storage.create(key, body, { contentType, cacheControl: PUBLISHED_CACHE.immutable }),
      );
      // Versions are never reused, so a versioned key is always new; one that exists was not written by us.
      if (!created) throw new Error(`${key} exists already`);
    },
  };
}

export type TimedStorage = ReturnType<typeof timedStorage>;
