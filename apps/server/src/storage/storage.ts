/** Stored bytes and what to serve them with. */
export type StoredObject = { body: Uint8Array; contentType: string; cacheControl: string | null };

/** One stored object as a listing names it; lastModified in epoch milliseconds. */
export type StoredEntry = { key: string; size: number; lastModified: number };

/**
 * Where asset images and published packs live: the filesystem under DATA_DIR by default, or any S3-compatible
 * bucket. Keys are made by the server only (see isSafeStorageKey).
 */
export type Storage = {
  kind: 'filesystem' | 's3';
  /** Atomic: a reader sees the whole object with its metadata, or nothing. */
  put: (key: string, body: Uint8Array, options: { contentType: string; cacheControl?: string }) => Promise<void>;
  /**
   * put, only when nothing is stored at the key yet: false (and nothing written) when something is. For paths
   * that must never change once written (a release's versioned files).
   */
  create: (key: string, body: Uint8Array, options: { contentType: string; cacheControl?: string }) => Promise<boolean>;
  get: (key: string) => Promise<StoredObject | null>;
  delete: (key: string) => Promise<void>;
  /** Every object whose key starts with the prefix, as get would find them; streamed, in no promised order. */
  list: (prefix: string) => AsyncIterable<StoredEntry>;
  /**
   * Removes what interrupted writes left behind and last changed before the cutoff (epoch ms): the filesystem's
   * temporary files and halves of objects. S3 writes whole objects or nothing, so it has none. Answers how many.
   */
  removeIncomplete: (before: number) => Promise<number>;
  /** The address browsers and game clients fetch the object from. */
  publicUrl: (key: string) => string;
};

/** Endings the filesystem adapter keeps for its own files: a key may never end with one. */
export const RESERVED_KEY_ENDINGS = ['.tmp', '.meta.json'] as const;

/** Path segments of letters, digits, - _ and single dots, never '..' or empty: safe on disk and in URLs. */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (RESERVED_KEY_ENDINGS.some((ending) => key.endsWith(ending))) return false;
  return key.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'));
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** A listing prefix: empty, or safe segments where the last may be partial or empty ('assets/', 'assets/g1'). */
export function assertSafeStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  const folders = prefix.split('/');
  const last = folders.pop() ?? '';
  const safe =
    prefix.length <= 512 &&
    folders.every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..')) &&
    /^([A-Za-z0-9_-][A-Za-z0-9._-]*)?$/.test(last) &&
    !last.includes('..');
  if (!safe) throw new Error(`unsafe storage prefix: ${JSON.stringify(prefix)}`);
}

/** The server's own path for stored files; used by the filesystem adapter, and for S3 without S3_PUBLIC_URL. */
export const FILES_PATH = '/files';
