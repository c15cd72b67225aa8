import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Game } from '@liveops/domain/games';
import type { PublishedManifest, PublishEvent } from '@liveops/domain/releases';
import { startS3Server } from '@liveops/testing/s3';
import { release, serverInstance, storageIntent } from '../src/db/schema';
import { loadConfig, type Config } from '../src/env';
import { createStorage } from '../src/storage/create-storage';
import { gameStablePrefix, versionedConfigKey, versionedPageKey } from '../src/storage/release-keys';
import { dailyRewardsConfigKey, dailyRewardsPageKey } from '../src/storage/storage-keys';
import type { Storage } from '../src/storage/storage';
import { INSTANCE_GONE_AFTER_MS } from '../src/storage/storage-intents';
import { signedInClient } from './support/accounts';
import { publishableDailyRewards } from './support/publishable';
import { TEST_DATABASE_KIND } from './support/test-database';
import type { TestClient } from './support/test-client';
import { startTestServer, type TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

const PAGE =
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ` +
  `script-src 'sha256-abc='; style-src 'sha256-def='" /><title>Daily rewards</title></head>` +
  `<body><div id="root"></div><script>1</script></body></html>`;
const publishing = { readPageHtml: () => Promise.resolve(new TextEncoder().encode(PAGE)) };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DAY_MS = 24 * 60 * 60_000;

/** One store for every deployment of a test: a shared DATA_DIR (its storage folder) or one bucket. */
async function sharedStore(onS3: boolean): Promise<Partial<Config>> {
  if (onS3) {
    const s3 = await startS3Server('liveops-shared');
    servers.cleanups.push(s3.close);
    return {
      s3: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: s3.credentials,
        publicUrl: null,
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-shared-store-'));
  servers.cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

async function everyKey(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list('')) keys.push(entry.key);
  return keys.sort();
}

async function upload(server: TestServer, client: TestClient, gameId: string, assetId: string) {
  const form = new FormData();
  form.set('name', `Asset ${assetId}`);
  form.set('assetId', assetId);
  form.set('file', new Blob([PNG], { type: 'image/png' }), `${assetId}.png`);
  return fetch(new URL(`/api/games/${gameId}/assets`, server.url), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: form,
  });
}

async function publish(client: TestClient, gameId: string): Promise<PublishEvent | undefined> {
  const response = await client.request(`/api/games/${gameId}/releases`, { method: 'POST', json: {} });
  return response.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PublishEvent)
    .at(-1);
}

/** A signed-in studio with a game that has two images, a config and a published release. */
async function studioWithRelease(server: TestServer) {
  const client = await signedInClient(server, `own-${Math.random().toString(36).slice(2)}@studio.test`);
  const game = (await client.post('/api/games', { name: 'Owned', description: 'x', platforms: ['Web'] })).body as Game;
  for (const id of ['coin', 'gem']) expect((await upload(server, client, game.id, id)).status).toBe(201);
  const [config] = (await publishableDailyRewards(client, game.id, 1)) as [DailyReward];
  expect(await publish(client, game.id)).toMatchObject({ type: 'done' });
  return { client, game, config };
}

const intentsOf = (server: TestServer) => server.database.db.select().from(storageIntent);

describe.each([
  ['the filesystem', false],
  ['S3 (s3rver)', true],
] as const)('storage ownership on %s', (_name, onS3) => {
  it("a second deployment's cleanup on the same store removes nothing the first one wrote", async () => {
    const store = await sharedStore(onS3);
    const first = await servers.start({ ...store, publishing });
    const storage = createStorage(first.config);
    const { game } = await studioWithRelease(first);
    const before = await everyKey(storage);
    expect(before.filter((key) => key.startsWith(`assets/${game.id}/`))).toHaveLength(2);
    expect(before.filter((key) => key.startsWith(`packs/${game.id}/`)).length).toBeGreaterThan(3);
    // Every write of the first was settled: nothing of it is an intent.
    expect(await intentsOf(first)).toEqual([]);

    // Another deployment (its own, empty database) on the same store, a day later, and one whose own upload
    // was cut short: its cleanup removes its own leftover and nothing else.
    const second = await servers.start({ ...store, publishing });
    const client = await signedInClient(second, 'second@studio.test');
    const other = (await client.post('/api/games', { name: 'Second', description: 'x', platforms: ['Web'] }))
      .body as Game;
    const leftover = `assets/${other.id}/cut-0123456789ab.png`;
    await storage.put(leftover, PNG, { contentType: 'image/png' });
    await second.database.db
      .insert(storageIntent)
      .values({ id: 'cut', kind: 'objects', prefix: leftover, instanceId: 'stopped-instance' });

    const report = await second.cleanUpStorage({ now: Date.now() + DAY_MS });
    expect(report).toMatchObject({ removed: 1, settled: 1, left: 0 });
    expect(await everyKey(storage)).toEqual(before);
    for (const key of before) {
      if (key.startsWith('assets/')) expect((await fetch(storage.publicUrl(key))).status).toBe(200);
    }
  });

  it('removes a leftover of an upload this deployment cut short at restart, without waiting', async () => {
    const store = await sharedStore(onS3);
    const database = await servers.databases().create();
    servers.cleanups.push(() => database.close());
    // The first run's store writes an upload's bytes and then never answers: the process "dies" there.
    const real = createStorage({
      ...loadConfig({ DATA_DIR: store.dataDir ?? tmpdir(), LOG_LEVEL: 'silent' }),
      ...store,
    });
    let written = '';
    const hanging: Storage = {
      ...real,
      put: async (key, body, options) => {
        await real.put(key, body, options);
        written = key;
        return new Promise<never>(() => undefined);
      },
    };
    const first = await startTestServer(database, { ...store, ownsDatabase: false, storage: hanging });
    servers.cleanups.push(() => first.close());
    const client = await signedInClient(first, 'restart@studio.test');
    const game = (await client.post('/api/games', { name: 'Restart', description: 'x', platforms: ['Web'] }))
      .body as Game;
    void upload(first, client, game.id, 'cut').catch(() => undefined);
    await expect.poll(() => written, { timeout: 10_000 }).not.toBe('');
    expect(await everyKey(real)).toEqual([written]);

    // The process is gone, as after kill -9: its instance row stays, with a heartbeat just heard.
    const [instance] = await database.db.select().from(serverInstance);
    const second = await startTestServer(database, { ...store, ownsDatabase: false, publishing });
    servers.cleanups.push(() => second.close());
    await database.db.delete(serverInstance).where(eq(serverInstance.id, instance!.id));
    await database.db.insert(serverInstance).values({ ...instance!, seenAt: new Date() });

    const atRestart = await second.cleanUpStorage();
    if (TEST_DATABASE_KIND === 'pglite') {
      // One process owns a PGlite database: any other instance is gone, and its leftovers go at once.
      expect(atRestart).toMatchObject({ removed: 1, settled: 1, left: 0 });
    } else {
      // On PostgreSQL another instance may still be running until its heartbeat is old; the next run sees it.
      expect(atRestart).toMatchObject({ removed: 0, left: 1 });
      expect(await everyKey(real)).toEqual([written]);
      const later = await second.cleanUpStorage({ now: Date.now() + INSTANCE_GONE_AFTER_MS + 1000 });
      expect(later).toMatchObject({ removed: 1, settled: 1, left: 0 });
    }
    expect(await everyKey(real)).toEqual([]);
    expect(await second.database.db.select().from(storageIntent)).toEqual([]);
  });

  it('puts the stable paths of a switch cut short back to the live release at restart', async () => {
    const store = await sharedStore(onS3);
    const server = await servers.start({ ...store, publishing });
    const storage = createStorage(server.config);
    const { client, game, config } = await studioWithRelease(server);
    const uiLayout = {
      id: 'root',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 'title', type: 'TextCB', props: { value: 'Release two' } }],
    };
    const saved = await client.request(`/api/games/${game.id}/daily-rewards/${config.id}/layout`, {
      method: 'PUT',
      json: { uiLayout },
    });
    expect(saved.status).toBe(200);
    expect(await publish(client, game.id)).toMatchObject({ type: 'done', release: { version: 2, live: true } });
    const text = async (key: string) => new TextDecoder().decode((await storage.get(key))?.body);
    const live = {
      page: await text(dailyRewardsPageKey(game.id, config.id)),
      config: await text(dailyRewardsConfigKey(game.id, config.id)),
    };
    expect(live.page).toBe(await text(versionedPageKey(game.id, 2, config.id)));

    // A rollback to release 1 killed after its first write: the page from 1, config.json and the database
    // still at 2, a stale config's files from an older release, and the switch's intent left by the dead instance.
    const versionOne = await storage.get(versionedPageKey(game.id, 1, config.id));
    await storage.put(dailyRewardsPageKey(game.id, config.id), versionOne!.body, { contentType: 'text/html' });
    await storage.put(dailyRewardsConfigKey(game.id, 'gone-config'), PNG, { contentType: 'application/json' });
    await server.database.db
      .insert(storageIntent)
      .values({ id: 'switch', kind: 'stable', prefix: gameStablePrefix(game.id), instanceId: 'killed' });
    expect(await text(dailyRewardsPageKey(game.id, config.id))).not.toBe(live.page);

    expect(await server.cleanUpStorage()).toMatchObject({ restored: 1, settled: 1, left: 0 });
    expect(await text(dailyRewardsPageKey(game.id, config.id))).toBe(live.page);
    expect(await text(dailyRewardsConfigKey(game.id, config.id))).toBe(live.config);
    expect(await storage.get(dailyRewardsConfigKey(game.id, 'gone-config'))).toBeNull();
    const manifest = JSON.parse(await text(`packs/${game.id}/manifest.json`)) as PublishedManifest;
    expect(manifest.version).toBe(2);
    const [liveRow] = await server.database.db.select().from(release).where(eq(release.live, true));
    expect(liveRow?.version).toBe(2);
    // What the release wrote under its own versioned paths is untouched.
    expect(await text(versionedConfigKey(game.id, 1, config.id))).toContain(config.id);
  });
});

describe('storage intents', () => {
  it('are settled by every upload, deletion, copy and publish that finishes', async () => {
    const server = await servers.start({ publishing });
    const { client, game } = await studioWithRelease(server);
    expect((await client.request(`/api/games/${game.id}/assets/gem`, { method: 'DELETE', json: {} })).status).toBe(204);
    const copy = await client.post(`/api/games/${game.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    for (let i = 0; i < 11; i++) expect(await publish(client, game.id)).toMatchObject({ type: 'done' });
    const deleted = await client.request(`/api/games/${(copy.body as Game).id}`, {
      method: 'DELETE',
      json: { confirmation: (copy.body as Game).name },
    });
    expect(deleted.status).toBe(200);
    expect(await intentsOf(server)).toEqual([]);
  });
});
