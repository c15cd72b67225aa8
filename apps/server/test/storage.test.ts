import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import { isSafeStorageKey, type Storage } from '../src/storage/storage';

let s3: S3TestServer;
let root: string;

beforeAll(async () => {
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
      ),
  ],
];

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

  it('names a public URL for each key', () => {
    expect(make().publicUrl('assets/g1/coin.png')).toBe('http://dash.test/files/assets/g1/coin.png');
  });
});

describe('the filesystem adapter', () => {
  it('leaves no temporary files behind', async () => {
    const storage = createFilesystemStorage({ root, publicBaseUrl: 'http://dash.test' });
    await storage.put('tmp-check/one.png', payload, { contentType: 'image/png' });
    expect((await readdir(path.join(root, 'tmp-check'))).sort()).toEqual(['one.png', 'one.png.meta.json']);
  });
});

describe('storage keys', () => {
  it('accepts server-made keys and refuses traversal', () => {
    expect(isSafeStorageKey('assets/game-1/coin_x.png')).toBe(true);
    expect(isSafeStorageKey('assets/..')).toBe(false);
    expect(isSafeStorageKey('.hidden')).toBe(false);
  });
});

it('uses S3_PUBLIC_URL for public addresses when it is set', () => {
  const storage = createS3Storage(
    { bucket: 'b', endpoint: null, region: 'us-east-1', credentials: null, publicUrl: 'https://cdn.studio.test' },
    'http://dash.test',
  );
  expect(storage.publicUrl('assets/g/c.png')).toBe('https://cdn.studio.test/assets/g/c.png');
});
