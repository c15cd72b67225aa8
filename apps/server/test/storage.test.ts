import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import { isSafeStorageKey, type Storage, type StoredEntry } from '../src/storage/storage';
import { allowS3rverListingPages } from './support/s3rver-listing-pages';

let s3: S3TestServer;
let root: string;

beforeAll(async () => {
  allowS3rverListingPages();
  [s3, root] = await Promise.all([startS3Server(), mkdtemp(path.join(tmpdir(), 'liveops-fs-storage-'))]);
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

const adapters: [string, () => Storage][] = [
  ['filesystem', () => createFilesystemStorage({ root, publicBaseUrl: 'http://dash.test' })],
  [
    'S3 (s3rver)',
    () =>
      createS3Storage(
        { bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, publicUrl: null },
        'http://dash.test',
        // Small pages, so a listing of a handful of objects crosses several ListObjectsV2 pages.
        { listPageSize: 2 },
      ),
  ],
];

async function listed(storage: Storage, prefix: string): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const entry of storage.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

/** A folder of its own per test, as the adapters share one root and one bucket. */
const uniqueFolder = () => `t${randomBytes(4).toString('hex')}`;

/** 300 KB of bytes that are not valid UTF-8, to catch any text round trip or streaming corruption. */
const payload = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7919 + 13) % 256);

describe.each(adapters)('storage contract: %s', (_name, make) => {
  it('stores bytes and gives them back unchanged, with their content type and cache header', async () => {
    const storage = make();
    await storage.put('assets/g1/coin-abc.png', payload, {
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const stored = await storage.get('assets/g1/coin-abc.png');
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(stored?.body ?? []).equals(Buffer.from(payload))).toBe(true);
  });

  it('overwrites an object at the same key', async () => {
    const storage = make();
    await storage.put('packs/g1/a.json', new TextEncoder().encode('{"v":1}'), { contentType: 'application/json' });
    await storage.put('packs/g1/a.json', new TextEncoder().encode('{"v":2}'), { contentType: 'application/json' });
    expect(new TextDecoder().decode((await storage.get('packs/g1/a.json'))?.body)).toBe('{"v":2}');
  });

  it('creates an object only where none is stored, and never changes one that is', async () => {
    const storage = make();
    const key = `packs/${uniqueFolder()}/releases/1/config.json`;
    const options = { contentType: 'application/json', cacheControl: 'public, max-age=31536000, immutable' };
    expect(await storage.create(key, new TextEncoder().encode('{"v":1}'), options)).toBe(true);
    const second = await storage.create(key, new TextEncoder().encode('{"v":2}'), options).catch(() => 'refused');
    const stored = await storage.get(key);
    if (storage.kind === 'filesystem') {
      expect(second).toBe(false);
      expect(new TextDecoder().decode(stored?.body)).toBe('{"v":1}');
    } else {
      // s3rver ignores If-None-Match on PUT (AWS S3 answers 412): the write lands whole either way.
      expect([false, true]).toContain(second);
    }
    expect(stored?.cacheControl).toBe(options.cacheControl);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    const storage = make();
    expect(await storage.get('assets/none/missing.png')).toBeNull();
    await storage.put('assets/g1/gone.gif', Uint8Array.from([1, 2, 3]), { contentType: 'image/gif' });
    await storage.delete('assets/g1/gone.gif');
    expect(await storage.get('assets/g1/gone.gif')).toBeNull();
    await expect(storage.delete('assets/g1/gone.gif')).resolves.toBeUndefined();
  });

  it('refuses keys that could escape their folder', async () => {
    const storage = make();
    for (const key of ['../escape.png', 'assets/../../x', '/abs.png', 'a//b', 'a/./b', '']) {
      await expect(storage.put(key, payload, { contentType: 'image/png' })).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('lists the objects under a prefix with their size and time, across pages, and nothing deleted', async () => {
    const storage = make();
    const folder = uniqueFolder();
    const started = Date.now();
    const keys = ['a/1.png', 'a/2.png', 'a/3.png', 'a/4.png', 'a/5.png', 'b/6.png'].map((k) => `${folder}/${k}`);
    await Promise.all(keys.map((key, i) => storage.put(key, new Uint8Array(i + 1), { contentType: 'image/png' })));
    await storage.put(`${folder}x/7.png`, Uint8Array.from([7]), { contentType: 'image/png' });

    const underA = await listed(storage, `${folder}/a/`);
    expect(underA.map((e) => [e.key, e.size])).toEqual(keys.slice(0, 5).map((key, i) => [key, i + 1]));
    for (const entry of underA) {
      // S3 keeps whole seconds.
      expect(entry.lastModified).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1000);
      expect(entry.lastModified).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect((await listed(storage, `${folder}/`)).map((e) => e.key)).toEqual(keys);
    expect((await listed(storage, folder)).map((e) => e.key)).toEqual([...keys, `${folder}x/7.png`]);

    await storage.delete(keys[0]!);
    expect((await listed(storage, `${folder}/a/`)).map((e) => e.key)).toEqual(keys.slice(1, 5));
    expect(await listed(storage, `${folder}/none/`)).toEqual([]);
  });

  it('refuses a listing prefix that could escape its folder', async () => {
    const storage = make();
    for (const prefix of ['../', 'assets/../', '/abs', 'a//b']) {
      await expect(listed(storage, prefix)).rejects.toThrow(/unsafe storage prefix/);
    }
  });

  it('keeps whole objects when removing leftovers of interrupted writes', async () => {
    const storage = make();
    const key = `${uniqueFolder()}/whole.png`;
    await storage.put(key, payload, { contentType: 'image/png' });
    await storage.removeIncomplete(Date.now() + 60_000);
    expect(Buffer.from((await storage.get(key))?.body ?? []).equals(Buffer.from(payload))).toBe(true);
    expect((await listed(storage, key)).map((e) => e.key)).toEqual([key]);
  });

  it('names a public URL for each key', () => {
    expect(make().publicUrl('assets/g1/coin.png')).toBe('http://dash.test/files/assets/g1/coin.png');
  });
});

describe('the filesystem adapter', () => {
  const filesystem = () => createFilesystemStorage({ root, publicBaseUrl: 'http://dash.test' });
  const filesIn = async (folder: string) => (await readdir(path.join(root, folder))).sort();

  it('lets exactly one of several writers racing to create a key land its bytes', async () => {
    const storage = createFilesystemStorage({ root, publicBaseUrl: 'http://dash.test' });
    const key = `packs/${uniqueFolder()}/race.json`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        storage.create(key, new TextEncoder().encode(`{"writer":${i}}`), { contentType: 'application/json' }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(new TextDecoder().decode((await storage.get(key))?.body)).toBe(`{"writer":${winner}}`);
  });

  it('leaves no temporary files behind', async () => {
    await filesystem().put('tmp-check/one.png', payload, { contentType: 'image/png' });
    expect(await filesIn('tmp-check')).toEqual(['one.png', 'one.png.meta.json']);
  });

  it('treats bytes without their metadata, or metadata without its bytes, as missing', async () => {
    const storage = filesystem();
    const folder = uniqueFolder();
    await mkdir(path.join(root, folder));
    await writeFile(path.join(root, folder, 'bare.png'), payload);
    await writeFile(path.join(root, folder, 'ghost.png.meta.json'), '{"contentType":"image/png","cacheControl":null}');
    expect(await storage.get(`${folder}/bare.png`)).toBeNull();
    expect(await storage.get(`${folder}/ghost.png`)).toBeNull();
    expect(await listed(storage, `${folder}/`)).toEqual([]);
  });

  it('leaves no temporary file when a put fails, and never bytes without their metadata', async () => {
    const storage = filesystem();
    const folder = uniqueFolder();
    // A directory where the bytes should land makes the last rename fail.
    await mkdir(path.join(root, folder, 'blocked.png'), { recursive: true });
    await expect(storage.put(`${folder}/blocked.png`, payload, { contentType: 'image/png' })).rejects.toThrow();
    expect(await filesIn(folder)).toEqual(['blocked.png', 'blocked.png.meta.json']);
  });

  it('removes old temporary files and halves of objects, and keeps young ones and whole objects', async () => {
    const storage = filesystem();
    const folder = uniqueFolder();
    await storage.put(`${folder}/whole.png`, payload, { contentType: 'image/png' });
    await storage.put(`${folder}/deep/whole-too.png`, payload, { contentType: 'image/png' });
    const plant = async (name: string, ageMs: number) => {
      const file = path.join(root, folder, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
      const time = new Date(Date.now() - ageMs);
      await utimes(file, time, time);
    };
    const hour = 3_600_000;
    await plant('whole.png.0123456789ab.tmp', hour);
    await plant('whole.png.meta.json.0123456789ab.tmp', hour);
    await plant('deep/ghost.png.meta.json', hour);
    await plant('deep/bare.png', hour);
    await plant('young.png.ba9876543210.tmp', 1000);
    await plant('young-ghost.png.meta.json', 1000);
    const old = new Date(Date.now() - hour);
    await utimes(path.join(root, folder, 'whole.png'), old, old);

    expect(await storage.removeIncomplete(Date.now() - 60_000)).toBe(4);
    expect(await filesIn(folder)).toEqual([
      'deep',
      'whole.png',
      'whole.png.meta.json',
      'young-ghost.png.meta.json',
      'young.png.ba9876543210.tmp',
    ]);
    expect(await filesIn(`${folder}/deep`)).toEqual(['whole-too.png', 'whole-too.png.meta.json']);
  });
});

describe('storage keys', () => {
  it('accepts server-made keys and refuses traversal', () => {
    expect(isSafeStorageKey('assets/game-1/coin_x.png')).toBe(true);
    expect(isSafeStorageKey('assets/..')).toBe(false);
    expect(isSafeStorageKey('.hidden')).toBe(false);
  });

  it("refuses keys ending like the filesystem adapter's own files", () => {
    expect(isSafeStorageKey('assets/g/coin.png.meta.json')).toBe(false);
    expect(isSafeStorageKey('assets/g/coin.png.0123.tmp')).toBe(false);
  });
});

it('uses S3_PUBLIC_URL for public addresses when it is set', () => {
  const storage = createS3Storage(
    { bucket: 'b', endpoint: null, region: 'us-east-1', credentials: null, publicUrl: 'https://cdn.studio.test' },
    'http://dash.test',
  );
  expect(storage.publicUrl('assets/g/c.png')).toBe('https://cdn.studio.test/assets/g/c.png');
});
