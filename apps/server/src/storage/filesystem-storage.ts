import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeStorageKey, FILES_PATH, type Storage } from './storage';

type Meta = { contentType: string; cacheControl: string | null };

/** Files under DATA_DIR/storage, each with a small JSON sidecar for its content type and cache header. */
export function createFilesystemStorage(options: { root: string; publicBaseUrl: string }): Storage {
  const fileOf = (key: string) => {
    assertSafeStorageKey(key);
    return path.join(options.root, ...key.split('/'));
  };
  const metaOf = (file: string) => `${file}.meta.json`;
  return {
    kind: 'filesystem',
    async put(key, body, { contentType, cacheControl }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, body);
      await writeFile(metaOf(file), JSON.stringify({ contentType, cacheControl: cacheControl ?? null } satisfies Meta));
      await rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(file), readFile(metaOf(file), 'utf8')]);
        const parsed = JSON.parse(meta) as Meta;
        return { body: new Uint8Array(body), contentType: parsed.contentType, cacheControl: parsed.cacheControl };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(metaOf(file), { force: true })]);
    },
    publicUrl: (key) => `${options.publicBaseUrl}${FILES_PATH}/${key}`,
  };
}
