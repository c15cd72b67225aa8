import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_MESSAGES } from '@liveops/domain/assets';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { startS3Server } from '@liveops/testing/s3';
import { asset, game, storageIntent } from '../src/db/schema';
import type { Config } from '../src/env';
import { createGameLocks } from '../src/db/game-lock';
import type { Logger } from '../src/logging/logger';
import { gameOfStablePrefix, markReleaseInterrupted, restoreStablePaths } from '../src/releases/recover';
import { cleanUpStorage, STORAGE_CLEANUP_GRACE_MS } from '../src/storage/clean-up-storage';
import type { Storage } from '../src/storage/storage';
import { signedInClient } from './support/accounts';
import { rowCount } from './support/row-count';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/** The server's storage, wrapped by the test that needs to watch, hold or fail its writes. */
const storages = vi.hoisted(() => ({
  wrap: null as ((storage: Storage) => Storage) | null,
  last: null as Storage | null,
}));
vi.mock('../src/storage/create-storage', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/storage/create-storage')>();
  return {
    createStorage: (config: Config) => {
      const real = original.createStorage(config);
      storages.last = storages.wrap ? storages.wrap(real) : real;
      return storages.last;
    },
  };
});

const servers = useTestServers();
beforeEach(() => {
  storages.wrap = null;
  storages.last = null;
});

/** A bucket of its own per test, as cleanup looks at every asset in it. */
async function freshBucket(): Promise<Partial<Config>> {
  const s3 = await startS3Server('liveops-crash-safe');
  servers.cleanups.push(s3.close);
  return {
    s3: { bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, publicUrl: null },
  };
}

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(server: TestServer, client: TestClient, gameId: string, assetId: string) {
  const data = new FormData();
  data.set('name', `Asset ${assetId}`);
  data.set('assetId', assetId);
  data.set('file', new Blob([PNG], { type: 'image/png' }), `${assetId}.png`);
  const response = await fetch(new URL(`/api/games/${gameId}/assets`, client.baseUrl), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: data,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function keysIn(storage: Storage, prefix = 'assets/'): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const keyOf = (url: unknown) => new URL(url as string).pathname.replace('/files/', '');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietLogger = (): Logger & { lines: string[] } => {
  const lines: string[] = [];
  const log = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { lines, debug: log, info: log, warn: log, error: log, always: log };
};

/** A storage that passes everything to the real one except what the test overrides. */
function wrapping(overrides: (real: Storage) => Partial<Storage>) {
  storages.wrap = (real) => ({ ...real, ...overrides(real) });
}

describe.each([
  ['filesystem', (): Promise<Partial<Config>> => Promise.resolve({})],
  ['S3 (s3rver)', freshBucket],
])('crash-safe uploads on %s storage', (_name, storageConfig) => {
  async function setUp() {
    const server = await servers.start(await storageConfig());
    const client = await signedInClient(server, `order-${Math.random().toString(36).slice(2)}@studio.test`);
    const created = await client.post('/api/games', { name: 'Order Game', description: 'x', platforms: ['Web'] });
    const storage = storages.last;
    if (!storage) throw new Error('the server made no storage');
    return { server, client, game: created.body as Game, storage };
  }

  it('keeps no row when storing the bytes fails', async () => {
    wrapping(() => ({ put: () => Promise.reject(new Error('disk full')) }));
    const { server, client, game, storage } = await setUp();
    const response = await upload(server, client, game.id, 'nobytes');
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(ASSET_MESSAGES.uploadFailed);
    expect(await rowCount(server, asset)).toBe(0);
    expect(await keysIn(storage)).toEqual([]);
  });

  it('stores the bytes before the row, so no row is ever visible without its bytes', async () => {
    const seen: { rowsBeforeBytes: number; rowsAfterBytes: number }[] = [];
    const started: { server?: TestServer } = {};
    wrapping((real) => ({
      put: async (key, body, options) => {
        const rows = async () =>
          (await started.server?.database.db.select().from(asset).where(eq(asset.storageKey, key)))?.length ?? -1;
        const rowsBeforeBytes = await rows();
        await delay(100);
        await real.put(key, body, options);
        seen.push({ rowsBeforeBytes, rowsAfterBytes: await rows() });
      },
    }));
    const setup = await setUp();
    started.server = setup.server;

    // Meanwhile, every row anyone can read must have its bytes.
    const rowsWithoutBytes: string[] = [];
    let uploading = true;
    const watcher = (async () => {
      while (uploading) {
        for (const row of await setup.server.database.db.select().from(asset)) {
          if (!(await setup.storage.get(row.storageKey))) rowsWithoutBytes.push(row.storageKey);
        }
        await delay(5);
      }
    })();
    const responses = await Promise.all(
      ['one', 'two', 'three'].map((id) => upload(setup.server, setup.client, setup.game.id, id)),
    );
    uploading = false;
    await watcher;

    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(seen).toEqual([
      { rowsBeforeBytes: 0, rowsAfterBytes: 0 },
      { rowsBeforeBytes: 0, rowsAfterBytes: 0 },
      { rowsBeforeBytes: 0, rowsAfterBytes: 0 },
    ]);
    expect(rowsWithoutBytes).toEqual([]);
    expect(await keysIn(setup.storage)).toEqual(responses.map((r) => keyOf(r.body.url)).sort());
  });

  it('removes the bytes of the upload that loses a race for an asset ID', async () => {
    // Both uploads pass the early duplicate check and write their bytes before either inserts its row.
    let arrived = 0;
    let release!: () => void;
    const bothStored = new Promise<void>((resolve) => (release = resolve));
    const puts: string[] = [];
    wrapping((real) => ({
      put: async (key, body, options) => {
        puts.push(key);
        await real.put(key, body, options);
        if (++arrived === 2) release();
        await bothStored;
      },
    }));
    const { server, client, game, storage } = await setUp();

    const race = await Promise.all([upload(server, client, game.id, 'race'), upload(server, client, game.id, 'race')]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = race.find((r) => r.status === 201)!;
    const loser = race.find((r) => r.status === 409)!;
    expect(loser.body.message).toBe(ASSET_MESSAGES.duplicateId);
    expect(puts).toHaveLength(2);
    expect(await keysIn(storage)).toEqual([keyOf(winner.body.url)]);
    expect(Buffer.from((await storage.get(keyOf(winner.body.url)))?.body ?? []).equals(PNG)).toBe(true);

    // A later duplicate is refused before any bytes are written.
    expect((await upload(server, client, game.id, 'race')).status).toBe(409);
    expect(puts).toHaveLength(2);
    expect(await keysIn(storage)).toEqual([keyOf(winner.body.url)]);
  });

  it('removes the bytes when the row cannot be written after them', async () => {
    const started: { server?: TestServer } = {};
    wrapping((real) => ({
      put: async (key, body, options) => {
        await real.put(key, body, options);
        // The game vanishes between the bytes and the row: the insert breaks its foreign key.
        await started.server?.database.db.delete(game);
      },
    }));
    const setup = await setUp();
    started.server = setup.server;
    const response = await upload(setup.server, setup.client, setup.game.id, 'orphaned');
    // A game deleted while its upload ran is gone, as it is to every other route (decision 018).
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
    expect(await rowCount(setup.server, asset)).toBe(0);
    expect(await keysIn(setup.storage)).toEqual([]);
  });

  it('removes old halves of interrupted writes at cleanup, and never an object no intent of its own names', async () => {
    const { server, client, game: owned, storage } = await setUp();
    const dataRoot = path.join(server.config.dataDir, 'storage');
    const onFilesystem = storage.kind === 'filesystem';
    const plant = async (name: string) => {
      const file = path.join(dataRoot, 'assets', owned.id, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
    };
    const put = (key: string) => storage.put(key, PNG, { contentType: 'image/png' });

    // Old: the filesystem keeps whole milliseconds, S3 whole seconds, so old and young are a second apart.
    const kept = keyOf((await upload(server, client, owned.id, 'kept')).body.url);
    // Objects this database knows nothing of: another deployment's, or this one's before its database was reset.
    const unknown = [`assets/${owned.id}/foreign-0123456789ab.png`, 'assets/gone-game/other-0123456789ab.png'];
    for (const key of unknown) await put(key);
    await put('packs/old/pack.json');
    if (onFilesystem) {
      await plant('a-aaaaaaaaaaaa.png.0123456789ab.tmp');
      await plant('a-aaaaaaaaaaaa.png.meta.json.0123456789ab.tmp');
      await plant('b-bbbbbbbbbbbb.png.meta.json');
    }
    await delay(1100);
    const cutoff = Date.now();
    await delay(1100);
    if (onFilesystem) {
      await plant('c-cccccccccccc.png.0123456789ab.tmp');
      await plant('d-dddddddddddd.png.meta.json');
    }

    const report = await server.cleanUpStorage({ now: cutoff + STORAGE_CLEANUP_GRACE_MS });
    expect(report).toEqual({ incomplete: onFilesystem ? 3 : 0, removed: 0, restored: 0, settled: 0, left: 0 });
    expect(await keysIn(storage, '')).toEqual([kept, ...unknown, 'packs/old/pack.json'].sort());
    if (onFilesystem) {
      const left = (await readdir(path.join(dataRoot, 'assets', owned.id))).filter(
        (name) => !/^(kept|foreign)-/.test(name),
      );
      expect(left.sort()).toEqual(['c-cccccccccccc.png.0123456789ab.tmp', 'd-dddddddddddd.png.meta.json']);
    }
    expect((await fetch(storage.publicUrl(kept))).status).toBe(200);
  });

  it('removes the bytes a deletion could not, named by its intent, at the next cleanup', async () => {
    const store = { failing: true };
    wrapping((real) => ({
      delete: (key) => (store.failing ? Promise.reject(new Error('store unreachable')) : real.delete(key)),
    }));
    const { server, client, game, storage } = await setUp();
    const key = keyOf((await upload(server, client, game.id, 'doomed')).body.url);
    const deleted = await client.request(`/api/games/${game.id}/assets/doomed`, { method: 'DELETE', json: {} });
    expect(deleted.status).toBe(204);
    expect(await keysIn(storage)).toEqual([key]);
    expect(await rowCount(server, storageIntent)).toBe(1);

    // The store is back and the instance that deleted the row has stopped: the cleanup finishes its work.
    store.failing = false;
    await server.database.db.update(storageIntent).set({ instanceId: 'stopped-instance' });
    expect(await server.cleanUpStorage()).toMatchObject({ removed: 1, settled: 1, left: 0 });
    expect(await keysIn(storage)).toEqual([]);
    expect(await rowCount(server, storageIntent)).toBe(0);
  });
});

describe('storage cleanup', () => {
  it('logs a failure and answers null instead of throwing, so start-up carries on', async () => {
    wrapping(() => ({ removeIncomplete: () => Promise.reject(new Error('store unreachable')) }));
    const server = await servers.start();
    const logger = quietLogger();
    const report = await cleanUpStorage({
      db: server.database.db,
      storage: storages.last!,
      logger,
      intents: { instanceId: 'this-instance', singleProcess: true },
      locks: createGameLocks(server.database),
      releases: { gameOfStablePrefix, markReleaseInterrupted, restoreStablePaths },
    });
    expect(report).toBeNull();
    expect(logger.lines.join('\n')).toMatch(/storage cleanup failed.*store unreachable/s);
  });
});
