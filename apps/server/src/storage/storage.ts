/** Stored bytes and what to serve them with. */
export type StoredObject = { body: Uint8Array; contentType: string; cacheControl: string | null };

/**
 * Where asset images and published packs live: the filesystem under DATA_DIR by default, or any S3-compatible
 * bucket. Keys are made by the server only (see isSafeStorageKey).
 */
export type Storage = {
  kind: 'filesystem' | 's3';
  put: (key: string, body: Uint8Array, options: { contentType: string; cacheControl?: string }) => Promise<void>;
  get: (key: string) => Promise<StoredObject | null>;
  delete: (key: string) => Promise<void>;
  /** The address browsers and game clients fetch the object from. */
  publicUrl: (key: string) => string;
};

/** Path segments of letters, digits, - _ and single dots, never '..' or empty: safe on disk and in URLs. */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'));
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** The server's own path for stored files; used by the filesystem adapter, and for S3 without S3_PUBLIC_URL. */
export const FILES_PATH = '/files';
