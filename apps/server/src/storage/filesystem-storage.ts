import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeStorageKey, assertSafeStoragePrefix, FILES_PATH, type Storage } from './storage';

type Meta = { contentType: string; cacheControl: string | null };

const META = '.meta.json';
const TEMP = '.tmp';

/**
 * Files under DATA_DIR/storage, each with a small JSON sidecar for its content type and cache header. An object
 * is its bytes file and its sidecar together: either alone is a leftover of an interrupted write or delete, which
 * get() and list() treat as missing and removeIncomplete() clears (decision 010).
 */
export function createFilesystemStorage(options: {
  root: string;
  publicBaseUrl: string;
  /** Hears each failure as the filesystem reported it, absolute paths and all, for the server's log. */
  onError?: (error: unknown) => void;
}): Storage {
  const fileOf = (key: string) => {
    assertSafeStorageKey(key);
    return path.join(options.root, ...key.split('/'));
  };
  const metaOf = (file: string) => `${file}${META}`;

  /**
   * Writes the bytes and the sidecar to temporary files, flushed, then moves them into place: the sidecar first,
   * so a crash between the two leaves metadata without bytes (missing to readers, cleared at the next start),
   * never bytes that would be served without their type. 'replace' renames the bytes over any object there;
   * 'create' links them, which refuses an existing name, so of two writers racing for a key exactly one lands
   * (false for the others).
   */
  async function land(
    key: string,
    body: Uint8Array,
    { contentType, cacheControl }: { contentType: string; cacheControl?: string },
    mode: 'replace' | 'create',
  ): Promise<boolean> {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const suffix = `.${randomBytes(6).toString('hex')}${TEMP}`;
    const temps = { body: `${file}${suffix}`, meta: `${metaOf(file)}${suffix}` };
    try {
      const meta: Meta = { contentType, cacheControl: cacheControl ?? null };
      await Promise.all([writeDurably(temps.body, body), writeDurably(temps.meta, JSON.stringify(meta))]);
      await rename(temps.meta, metaOf(file));
      if (mode === 'replace') await rename(temps.body, file);
      else {
        try {
          await link(temps.body, file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw error;
        }
      }
      await syncDirectory(path.dirname(file));
      return true;
    } finally {
      // After a rename there is nothing left to remove; after a link or a failure, the temporary files go.
      await Promise.all([rm(temps.body, { force: true }), rm(temps.meta, { force: true })]);
    }
  }

  const storage: Storage = {
    kind: 'filesystem',
    put: async (key, body, options) => void (await land(key, body, options, 'replace')),
    async create(key, body, options) {
      // A whole object there already wins; a sidecar alone is a leftover of an interrupted write, replaced.
      if (await statIfPresent(fileOf(key))) return false;
      return land(key, body, options, 'create');
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
      // Bytes first, so an interrupted delete leaves only a sidecar, like an interrupted put.
      await rm(file, { force: true });
      await rm(metaOf(file), { force: true });
    },
    async *list(prefix) {
      assertSafeStoragePrefix(prefix);
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      for await (const { dir, keyPrefix, entries } of walk(options.root, folder, prefix)) {
        const names = new Set(entries.map((entry) => entry.name));
        for (const entry of entries) {
          const key = `${keyPrefix}${entry.name}`;
          if (!entry.isFile() || isOwnFile(entry.name) || !names.has(`${entry.name}${META}`)) continue;
          if (!key.startsWith(prefix)) continue;
          const stats = await statIfPresent(path.join(dir, entry.name));
          if (stats) yield { key, size: stats.size, lastModified: stats.mtimeMs };
        }
      }
    },
    async removeIncomplete(before) {
      let removed = 0;
      for await (const { dir, entries } of walk(options.root, '', '')) {
        const names = new Set(entries.map((entry) => entry.name));
        for (const entry of entries) {
          const { name } = entry;
          const leftover =
            name.endsWith(TEMP) ||
            (name.endsWith(META) ? !names.has(name.slice(0, -META.length)) : !names.has(`${name}${META}`));
          if (!entry.isFile() || !leftover) continue;
          const file = path.join(dir, name);
          const stats = await statIfPresent(file);
          // Young leftovers may be a write still in flight.
          if (!stats || stats.mtimeMs >= before) continue;
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    publicUrl: (key) => `${options.publicBaseUrl}${FILES_PATH}/${key}`,
  };
  return withoutServerPaths(storage, options.root, options.onError);
}

/**
 * What the filesystem throws names absolute paths ("EACCES: permission denied, open '/srv/data/storage/…'"),
 * and a storage error's message reaches answers and a failed release's error (decision 032). Each failure is
 * handed to `onError` as it was, then thrown on with the storage folder cut from every path in its message.
 */
function withoutServerPaths(storage: Storage, root: string, onError: ((error: unknown) => void) | undefined): Storage {
  const hide = (error: unknown): unknown => {
    if (!(error instanceof Error)) return error;
    onError?.(error);
    const base = path.resolve(root);
    let message = error.message
      .split(base + path.sep)
      .join('')
      .split(base)
      .join('');
    // Anything else absolute (a temporary folder, the data directory itself) goes too.
    message = message.replace(/(^|[\s'"(=])(?:\/|[A-Za-z]:\\)[^\s'",)]*/g, '$1(a server path)');
    const hidden = new Error(`storage: ${message}`, { cause: error });
    const code = (error as NodeJS.ErrnoException).code;
    if (code) Object.assign(hidden, { code });
    return hidden;
  };
  const guard =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        throw hide(error);
      }
    };
  return {
    ...storage,
    put: guard(storage.put),
    create: guard(storage.create),
    get: guard(storage.get),
    delete: guard(storage.delete),
    removeIncomplete: guard(storage.removeIncomplete),
    async *list(prefix) {
      try {
        yield* storage.list(prefix);
      } catch (error) {
        throw hide(error);
      }
    },
  };
}

const isOwnFile = (name: string) => name.endsWith(TEMP) || name.endsWith(META);

/** Writes a new file and flushes it to disk, so a rename after it never exposes a file the OS has not kept. */
async function writeDurably(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes renames in a directory durable; platforms that cannot open a directory (Windows) skip it. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: the renames are already visible; only their durability across power loss is at stake.
  } finally {
    await handle?.close();
  }
}

async function statIfPresent(file: string) {
  try {
    return await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Every directory under root/<folder> whose keys can start with the prefix, one at a time with its entries, so
 * a large store is never held in memory at once.
 */
async function* walk(
  root: string,
  folder: string,
  prefix: string,
): AsyncGenerator<{ dir: string; keyPrefix: string; entries: Dirent[] }> {
  const pending = [{ dir: path.join(root, ...folder.split('/').filter(Boolean)), keyPrefix: folder }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = await readdir(next.dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    yield { ...next, entries };
    for (const entry of entries) {
      const keyPrefix = `${next.keyPrefix}${entry.name}/`;
      if (entry.isDirectory() && (keyPrefix.startsWith(prefix) || prefix.startsWith(keyPrefix))) {
        pending.push({ dir: path.join(next.dir, entry.name), keyPrefix });
      }
    }
  }
}
