import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { type Game } from '@liveops/domain/games';
import { type Item, type Pack } from '@liveops/domain/inventory';
import {
  PUBLISH_MESSAGES,
  PUBLISH_NOTE_MAX,
  PUBLISH_PROBLEM_MESSAGES,
  PUBLISHED_CACHE,
  RELEASES_KEPT,
  type PublishedManifest,
  type PublishEvent,
  type PublishPreview,
  type PublishProblem,
  type Release,
  type Releases,
} from '@liveops/domain/releases';
import { release } from '../src/db/schema';
import { publishedPageFor } from '../src/releases/published-page';
import type { StorageDeadline } from '../src/releases/timed-storage';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import type { Storage } from '../src/storage/storage';
import { signedInClient } from './support/accounts';
import { publishableDailyRewards } from './support/publishable';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { readStandInPage, STAND_IN_PAGE } from './support/page-stand-in';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PAGE = STAND_IN_PAGE;
const readPageHtml = readStandInPage;

let s3: S3TestServer;
let root: string;
beforeAll(async () => {
  [s3, root] = await Promise.all([startS3Server(), mkdtemp(path.join(tmpdir(), 'liveops-releases-'))]);
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** A storage that fails (or hangs) on chosen calls, as a store that breaks midway would. */
type Fault = 'fail' | 'hang' | 'slow' | 'ok';

/**
 * A storage deadline the test controls, so no case races a timer (decision 058): a call's deadline passes only when the
 * store hangs on it (`hang()`), never because a busy machine made an ordinary call slow.
 */
function controlledDeadline() {
  // The publish arms a call's deadline just before it calls the store, so the last armed is the call starting now.
  let lastArmed: (() => void) | null = null;
  const deadline: StorageDeadline = (expire) => {
    lastArmed = expire;
    return () => undefined;
  };
  return { deadline, hang: () => lastArmed?.() };
}

/**
 * `inner` with injected faults: a write fails, hangs for good (then `onHang` says its deadline has passed), or is
 * slow (answers after a second, past any short timer a test could have raced).
 */
function faulty(
  inner: Storage,
  fails: (call: 'put' | 'create', key: string) => Fault,
  onHang: () => void = () => undefined,
): Storage {
  const wrap =
    (call: 'put' | 'create') =>
    async (key: string, body: Uint8Array, options: { contentType: string; cacheControl?: string }) => {
      const fault = fails(call, key);
      if (fault === 'fail') throw new Error('injected storage failure');
      if (fault === 'hang') {
        onHang();
        return new Promise<never>(() => undefined);
      }
      if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 1000));
      return call === 'put' ? inner.put(key, body, options) : inner.create(key, body, options);
    };
  return {
    ...inner,
    put: wrap('put') as Storage['put'],
    create: wrap('create') as Storage['create'],
  };
}

type Setup = { server: TestServer; client: TestClient; game: Game; configs: DailyReward[]; storage: Storage };

async function setUp(
  email: string,
  {
    storage,
    configs = 2,
    storageDeadline,
  }: { storage?: Storage; configs?: number; storageDeadline?: StorageDeadline } = {},
): Promise<Setup> {
  const server = await servers.start({
    publishing: { readPageHtml, ...(storageDeadline ? { storageDeadline } : {}) },
    ...(storage ? { storage } : {}),
  });
  // The server's own filesystem storage lives under its DATA_DIR; a second adapter there reads it back.
  const used =
    storage ??
    createFilesystemStorage({ root: path.join(server.config.dataDir, 'storage'), publicBaseUrl: server.url });
  const client = await signedInClient(server, email);
  const game = (await client.post('/api/games', { name: 'Publish Game', description: 'x', platforms: ['iOS'] }))
    .body as Game;
  const created = await publishableDailyRewards(client, game.id, configs);
  return { server, client, game, configs: created, storage: used };
}

/** The server's storage as a test can read it. */
const storageOf = (s: Setup, _injected?: boolean): Storage => s.storage;

async function publish(s: Setup): Promise<{ status: number; events: PublishEvent[]; body: unknown }> {
  const response = await s.client.request(`/api/games/${s.game.id}/releases`, { method: 'POST', json: {} });
  if (!response.headers.get('content-type')?.startsWith('application/x-ndjson')) {
    return { status: response.status, events: [], body: response.body };
  }
  const events = response.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PublishEvent);
  return { status: response.status, events, body: null };
}

const outcome = (events: PublishEvent[]) => events[events.length - 1];
const text = async (storage: Storage, key: string) => {
  const stored = await storage.get(key);
  return stored ? new TextDecoder().decode(stored.body) : null;
};
const releases = async (s: Setup) => (await s.client.get(`/api/games/${s.game.id}/releases`)).body as Releases;

async function giveImageAndPack(s: Setup, config: DailyReward) {
  const form = new FormData();
  form.set('name', 'Coin');
  form.set('assetId', 'coin01');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'coin.png');
  const upload = await fetch(new URL(`/api/games/${s.game.id}/assets`, s.server.url), {
    method: 'POST',
    headers: { cookie: s.client.cookieHeader(), origin: s.server.config.publicUrl },
    body: form,
  });
  expect(upload.status).toBe(201);
  const item = (
    await s.client.post(`/api/games/${s.game.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 })
  ).body as Item;
  const pack = (
    await s.client.post(`/api/games/${s.game.id}/packs`, {
      name: 'Chest',
      contents: [{ itemId: item.id, quantity: 5 }],
    })
  ).body as Pack;
  const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
  const patched = await s.client.request(`/api/games/${s.game.id}/daily-rewards/${config.id}`, {
    method: 'PATCH',
    json: { rewards, cycleDays: 7 },
  });
  expect(patched.status).toBe(200);
  const layout = {
    id: 'root',
    type: 'BackgroundCB',
    props: {},
    children: [
      { id: 'title', type: 'TextCB', label: 'Title', props: { value: 'Version one' } },
      { id: 'coin', type: 'ImageCB', props: { src: 'asset:coin01' } },
    ],
  };
  await setLayout(s, config, layout);
  return layout;
}

async function setLayout(s: Setup, config: DailyReward, uiLayout: unknown) {
  const saved = await s.client.request(`/api/games/${s.game.id}/daily-rewards/${config.id}/layout`, {
    method: 'PUT',
    json: { uiLayout },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe.each([
  ['the filesystem', false],
  ['S3 (s3rver)', true],
] as const)('publishing to %s', (_name, onS3) => {
  it('writes a page and config.json per config, versioned then stable, with the manifest and the release listed', async () => {
    const storage = onS3
      ? createS3Storage(
          {
            bucket: s3.bucket,
            endpoint: s3.endpoint,
            region: 'us-east-1',
            credentials: s3.credentials,
            publicUrl: null,
          },
          'http://pending.test',
        )
      : undefined;
    const s = await setUp(`publish-${onS3 ? 's3' : 'fs'}@studio.test`, storage ? { storage } : {});
    const files = storageOf(s, onS3);
    const [first, second] = s.configs as [DailyReward, DailyReward];
    await giveImageAndPack(s, first);

    const result = await publish(s);
    expect(result.status).toBe(200);
    expect(result.events[0]).toEqual({ type: 'started', version: 1, total: 2 });
    const progress = result.events.filter((e) => e.type === 'progress');
    expect(progress.map((e) => e.done)).toEqual([1, 2]);
    expect(new Set(progress.map((e) => e.id))).toEqual(new Set([first.id, second.id]));
    const done = outcome(result.events);
    expect(done?.type, JSON.stringify(done)).toBe('done');
    if (done?.type !== 'done') return;
    expect(done.release).toMatchObject({ version: 1, status: 'ready', live: true, warnings: [] });
    expect(done.release.artifacts.map((a) => [a.featureType, a.id, a.name])).toEqual([
      ['daily_rewards', first.id, first.name],
      ['daily_rewards', second.id, second.name],
    ]);

    const g = s.game.id;
    for (const config of [first, second]) {
      const stable = `packs/${g}/daily_rewards/${config.id}`;
      const versioned = `packs/${g}/releases/1/daily_rewards/${config.id}`;
      for (const folder of [stable, versioned]) {
        const page = await files.get(`${folder}/daily_rewards.html`);
        const config = await files.get(`${folder}/config.json`);
        // The built page with this config's popup drawn and its config.json inline (decision 021).
        expect(new TextDecoder().decode(page?.body)).toBe(
          publishedPageFor(PAGE, new TextDecoder().decode(config?.body)),
        );
        expect(page?.contentType).toMatch(/^text\/html/);
        expect(config?.contentType).toMatch(/^application\/json/);
      }
      expect((await files.get(`${versioned}/config.json`))?.cacheControl).toBe(PUBLISHED_CACHE.immutable);
      expect((await files.get(`${stable}/config.json`))?.cacheControl).toBe(PUBLISHED_CACHE.stable);
      const artifact = done.release.artifacts.find((a) => a.id === config.id)!;
      expect(artifact.htmlUrl).toBe(files.publicUrl(`${stable}/daily_rewards.html`));
    }

    // The config as the page needs it: its packs, its images copied into the release, no account ID.
    const published = JSON.parse((await text(files, `packs/${g}/daily_rewards/${first.id}/config.json`))!) as {
      id: string;
      ownerId?: string;
      packs: { name: string }[];
      assets: { assetId: string; url: string }[];
      uiLayout: unknown;
      rewards: unknown[];
    };
    expect(published.id).toBe(first.id);
    expect(published.ownerId).toBeUndefined();
    expect(published.rewards).toHaveLength(7);
    expect(published.packs.map((p) => p.name)).toEqual(['Chest']);
    expect(published.assets).toHaveLength(1);
    const copyKey = published.assets[0]!.url.slice(published.assets[0]!.url.indexOf(`packs/${g}/releases/1/assets/`));
    expect(copyKey).toMatch(new RegExp(`^packs/${g}/releases/1/assets/`));
    expect(Buffer.from((await files.get(copyKey))!.body).equals(PNG)).toBe(true);

    const manifest = JSON.parse((await text(files, `packs/${g}/manifest.json`))!) as PublishedManifest;
    expect(manifest).toMatchObject({ gameId: g, version: 1 });
    expect(manifest.configs.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(manifest.configs[0]!.htmlUrl).toContain(
      `packs/${g}/releases/1/daily_rewards/${first.id}/daily_rewards.html`,
    );

    const listed = await releases(s);
    expect(listed.pageUrl).toBe(`${s.server.config.publicUrl}/packs/daily_rewards/daily_rewards.html`);
    expect(listed.releases).toHaveLength(1);
    expect(listed.releases[0]).toMatchObject({ version: 1, live: true, status: 'ready' });
  });
});

describe('publishing', () => {
  it('refuses a game without configs, another owner and a second publish at once, storing nothing', async () => {
    const s = await setUp('publish-refusals@studio.test', { configs: 0 });
    const empty = await publish(s);
    expect(empty).toMatchObject({ status: 409, body: { code: 'NO_CONFIGS', message: PUBLISH_MESSAGES.noConfigs } });

    const other = await signedInClient(s.server, 'publish-other@studio.test');
    await s.client.post(`/api/games/${s.game.id}/daily-rewards`, {});
    for (const attempt of [
      other.request(`/api/games/${s.game.id}/releases`, { method: 'POST', json: {} }),
      other.get(`/api/games/${s.game.id}/releases`),
      other.request(`/api/games/${s.game.id}/releases/1/live`, { method: 'POST', json: {} }),
    ]) {
      expect((await attempt).status).toBe(404);
    }
    expect(await s.server.database.db.select().from(release)).toHaveLength(0);
  });

  it('lets one of two publishes of a game at once run, and refuses the other', async () => {
    let hold: (() => void) | null = null;
    const held = new Promise<void>((resolve) => (hold = resolve));
    let reached: (() => void) | null = null;
    const atStorage = new Promise<void>((resolve) => (reached = resolve));
    const dir = await mkdtemp(path.join(root, 'slow-'));
    const inner = createFilesystemStorage({ root: dir, publicBaseUrl: 'http://x.test' });
    const slow: Storage = {
      ...inner,
      create: async (...args) => {
        reached!();
        await held;
        return inner.create(...args);
      },
    };
    const s = await setUp('publish-twice@studio.test', { storage: slow, configs: 1 });
    const first = publish(s);
    // The second arrives while the first waits on storage (known to, however slow the machine: not a sleep).
    await atStorage;
    const second = await publish(s);
    expect(second).toMatchObject({
      status: 409,
      body: { code: 'PUBLISH_IN_PROGRESS', message: PUBLISH_MESSAGES.inProgress },
    });
    hold!();
    expect(outcome((await first).events)?.type).toBe('done');
    expect(outcome((await publish(s)).events)).toMatchObject({ type: 'done', release: { version: 2 } });
  });

  it('keeps the previous release whole and served when storage fails or hangs midway', async () => {
    const dir = await mkdtemp(path.join(root, 'faulty-'));
    const inner = createFilesystemStorage({ root: dir, publicBaseUrl: 'http://x.test' });
    let fault: (call: 'put' | 'create', key: string) => Fault = () => 'ok';
    const { deadline, hang } = controlledDeadline();
    const storage = faulty(inner, (call, key) => fault(call, key), hang);
    const s = await setUp('publish-faults@studio.test', { storage, configs: 3, storageDeadline: deadline });
    expect(outcome((await publish(s)).events)?.type).toBe('done');
    const g = s.game.id;
    const snapshot = async () => {
      const out: Record<string, string | null> = { manifest: await text(inner, `packs/${g}/manifest.json`) };
      for (const c of s.configs) {
        out[c.id] = await text(inner, `packs/${g}/daily_rewards/${c.id}/config.json`);
      }
      return out;
    };
    const before = await snapshot();
    await setLayout(s, s.configs[0]!, {
      id: 'r',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 't', type: 'TextCB', props: { value: 'Two' } }],
    });

    const cases: [string, (call: 'put' | 'create', key: string) => Fault, string][] = [
      // The second config's versioned file fails while writing the release.
      [
        'a versioned write fails',
        (call, key) => (call === 'create' && key.includes(s.configs[1]!.id) ? 'fail' : 'ok'),
        'STORAGE_FAILED',
      ],
      // The switch fails after one config's stable files were written.
      [
        'a stable write fails',
        (call, key) =>
          call === 'put' && key.includes(`daily_rewards/${s.configs[2]!.id}/`) && !key.includes('releases')
            ? 'fail'
            : 'ok',
        'STORAGE_FAILED',
      ],
      [
        'the manifest write fails',
        (call, key) => (call === 'put' && key.endsWith('manifest.json') ? 'fail' : 'ok'),
        'STORAGE_FAILED',
      ],
      // A slow write is no hang: the failure is the manifest's, however long the first config took.
      [
        'a write is slow, then the manifest write fails',
        (call, key) =>
          call === 'create' && key.includes(`${s.configs[0]!.id}/`) && key.endsWith('config.json')
            ? 'slow'
            : call === 'put' && key.endsWith('manifest.json')
              ? 'fail'
              : 'ok',
        'STORAGE_FAILED',
      ],
      [
        'a write hangs',
        (call, key) => (call === 'create' && key.endsWith('config.json') ? 'hang' : 'ok'),
        'STORAGE_TIMEOUT',
      ],
    ];
    for (const [name, rule, code] of cases) {
      fault = rule;
      const failed = outcome((await publish(s)).events);
      expect(failed, name).toMatchObject({ type: 'failed', code });
      fault = () => 'ok';
      expect(await snapshot(), name).toEqual(before);
      const listed = await releases(s);
      expect(listed.releases.find((r) => r.live)?.version, name).toBe(1);
      expect(listed.releases[0]).toMatchObject({ status: 'failed', live: false });
      expect(listed.releases[0]?.error, name).toContain('The previous release is still live.');
    }
    // Nothing of the failed releases stays in storage, and the next publish succeeds.
    const leftovers: string[] = [];
    for await (const entry of inner.list(`packs/${g}/releases/`)) leftovers.push(entry.key);
    expect(leftovers.every((key) => key.startsWith(`packs/${g}/releases/1/`))).toBe(true);
    expect(outcome((await publish(s)).events)).toMatchObject({ type: 'done', release: { version: 7, live: true } });
    expect(
      JSON.parse((await text(inner, `packs/${g}/daily_rewards/${s.configs[0]!.id}/config.json`))!).uiLayout.children[0]
        .props.value,
    ).toBe('Two');
  });

  it('rolls back to an earlier release, whose images still load after their asset was deleted', async () => {
    const s = await setUp('publish-rollback@studio.test', { configs: 1 });
    const files = storageOf(s, false);
    const config = s.configs[0]!;
    const layout = await giveImageAndPack(s, config);
    expect(outcome((await publish(s)).events)?.type).toBe('done');
    const key = `packs/${s.game.id}/daily_rewards/${config.id}/config.json`;
    const v1 = await text(files, key);
    await setLayout(s, config, {
      ...layout,
      children: [{ id: 'title', type: 'TextCB', props: { value: 'Version two' } }],
    });
    expect(outcome((await publish(s)).events)?.type).toBe('done');
    expect(await text(files, key)).toContain('Version two');
    const deleted = await s.client.request(`/api/games/${s.game.id}/assets/coin01`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);

    const rolled = await s.client.request(`/api/games/${s.game.id}/releases/1/live`, { method: 'POST', json: {} });
    expect(rolled.status).toBe(200);
    expect((rolled.body as Releases).releases.map((r) => [r.version, r.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(await text(files, key)).toBe(v1);
    expect(JSON.parse((await text(files, `packs/${s.game.id}/manifest.json`))!)).toMatchObject({ version: 1 });
    const image = JSON.parse(v1!).assets[0].url as string;
    const served = await fetch(image.startsWith('http') ? image : new URL(image, s.server.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    for (const bad of ['0', '99', 'abc', '1e3', '-1', '1'.repeat(20)]) {
      const response = await s.client.request(`/api/games/${s.game.id}/releases/${bad}/live`, {
        method: 'POST',
        json: {},
      });
      expect(response.status, bad).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', message: PUBLISH_MESSAGES.releaseNotFound });
    }
  });

  it(`keeps the last ${RELEASES_KEPT} releases and removes the files of older ones`, async () => {
    const s = await setUp('publish-retention@studio.test', { configs: 1 });
    const files = storageOf(s, false);
    for (let i = 0; i < RELEASES_KEPT + 2; i++) expect(outcome((await publish(s)).events)?.type).toBe('done');
    const listed = await releases(s);
    expect(listed.releases.map((r) => r.version)).toEqual(
      Array.from({ length: RELEASES_KEPT }, (_, i) => RELEASES_KEPT + 2 - i),
    );
    const versions = new Set<string>();
    for await (const entry of files.list(`packs/${s.game.id}/releases/`)) versions.add(entry.key.split('/')[3]!);
    expect([...versions].map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: RELEASES_KEPT }, (_, i) => i + 3),
    );
  });

  it('finishes the work of a server stopped midway: its release is marked failed and the next publish succeeds', async () => {
    const s = await setUp('publish-interrupted@studio.test', { configs: 1 });
    const files = storageOf(s, false);
    expect(outcome((await publish(s)).events)?.type).toBe('done');
    // What a server killed while writing release 2 leaves: its row 'writing' and half of its files.
    const [user] = await s.server.database.db.select({ ownerId: release.ownerId }).from(release);
    await s.server.database.db.insert(release).values({
      id: 'interrupted',
      gameId: s.game.id,
      ownerId: user!.ownerId,
      version: 2,
      status: 'writing',
      artifacts: [],
      warnings: [],
    });
    await files.put(
      `packs/${s.game.id}/releases/2/daily_rewards/${s.configs[0]!.id}/daily_rewards.html`,
      new TextEncoder().encode('half'),
      { contentType: 'text/html' },
    );
    expect((await releases(s)).releases.find((r) => r.live)?.version).toBe(1);

    expect(outcome((await publish(s)).events)).toMatchObject({ type: 'done', release: { version: 3, live: true } });
    const listed = await releases(s);
    expect(listed.releases.find((r) => r.version === 2)).toMatchObject({
      status: 'failed',
      error: PUBLISH_MESSAGES.interrupted,
    });
    expect(
      await files.get(`packs/${s.game.id}/releases/2/daily_rewards/${s.configs[0]!.id}/daily_rewards.html`),
    ).toBeNull();
  });

  it('says "Failed to fetch pack HTML" when the built page is missing, and changes nothing', async () => {
    const server = await servers.start({ publishing: { readPageHtml: () => Promise.reject(new Error('ENOENT')) } });
    const client = await signedInClient(server, 'publish-nopage@studio.test');
    const game = (await client.post('/api/games', { name: 'G', description: 'x', platforms: ['iOS'] })).body as Game;
    await publishableDailyRewards(client, game.id, 1);
    const response = await client.request(`/api/games/${game.id}/releases`, { method: 'POST', json: {} });
    const last = JSON.parse(response.text.trim().split('\n').pop()!) as PublishEvent;
    expect(last).toEqual({
      type: 'failed',
      code: 'PACK_HTML_UNAVAILABLE',
      message: PUBLISH_MESSAGES.packHtmlFailed(404),
    });
    expect(await server.database.db.select().from(release)).toHaveLength(0);
  });

  it('serves a published page through /files with its own policy, so its script runs, and any other file sandboxed', async () => {
    const server = await servers.start({ publishing: { readPageHtml } });
    const client = await signedInClient(server, 'publish-files@studio.test');
    const game = (await client.post('/api/games', { name: 'G', description: 'x', platforms: ['iOS'] })).body as Game;
    const [config] = await publishableDailyRewards(client, game.id, 1);
    const response = await client.request(`/api/games/${game.id}/releases`, { method: 'POST', json: {} });
    const done = JSON.parse(response.text.trim().split('\n').pop()!) as PublishEvent;
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    const artifact = done.release.artifacts[0]!;
    expect(artifact.id).toBe(config!.id);
    const served = await fetch(artifact.htmlUrl);
    expect(served.status).toBe(200);
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'sha256-abc='");
    expect(csp).not.toContain('frame-ancestors');
    expect(csp).not.toContain('sandbox');
    expect(served.headers.get('cache-control')).toBe(PUBLISHED_CACHE.stable);
    const text = await served.text();
    expect(text).toBe(publishedPageFor(PAGE, await (await fetch(artifact.configUrl)).text()));
    // Its policy allows the prerendered popup's stylesheet (and the config's JSON is data, never run).
    const css = /<style>(#cb-s[^<]*)<\/style>/.exec(text)?.[1] ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    const json = await fetch(artifact.configUrl);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('publishing safely (decision 029)', () => {
  const preview = async (s: Setup) =>
    (await s.client.get(`/api/games/${s.game.id}/releases/preview`)).body as PublishPreview;
  const publishWith = async (s: Setup, json: Record<string, unknown>) => {
    const response = await s.client.request(`/api/games/${s.game.id}/releases`, { method: 'POST', json });
    const ndjson = response.headers.get('content-type')?.startsWith('application/x-ndjson');
    return {
      status: response.status,
      body: response.body as { code?: string; message?: string; problems?: PublishProblem[] },
      outcome: ndjson
        ? (JSON.parse(response.text.trim().split('\n').pop()!) as PublishEvent)
        : (null as PublishEvent | null),
    };
  };
  const storedKeys = async (storage: Storage, gameId: string) => {
    const keys: string[] = [];
    for await (const entry of storage.list(`packs/${gameId}/`)) keys.push(entry.key);
    return keys;
  };

  it('refuses a publish whose config could not show a proper popup, naming it, and writes nothing', async () => {
    const s = await setUp('publish-problems@studio.test', { configs: 1 });
    const [good] = s.configs as [DailyReward];
    const empty = (await s.client.post(`/api/games/${s.game.id}/daily-rewards`, { name: 'Empty Week' }))
      .body as DailyReward;
    const partial = (await s.client.post(`/api/games/${s.game.id}/daily-rewards`, { name: 'Ghost Art' }))
      .body as DailyReward;
    // All 7 days given, but its layout shows an image that is not among the game's assets.
    const packId = good.rewards[0]!.packId;
    const patched = await s.client.request(`/api/games/${s.game.id}/daily-rewards/${partial.id}`, {
      method: 'PATCH',
      json: { rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId })), cycleDays: 7 },
    });
    expect(patched.status).toBe(200);
    await setLayout(s, partial, {
      id: 'root',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 'art', type: 'ImageCB', props: { src: 'asset:gone01' } }],
    });

    const expected = [
      {
        configId: empty.id,
        configName: 'Empty Week',
        code: 'DAYS_WITHOUT_PACK',
        days: [1, 2, 3, 4, 5, 6, 7],
        message: PUBLISH_PROBLEM_MESSAGES.daysWithoutPack('Empty Week', [1, 2, 3, 4, 5, 6, 7]),
      },
      {
        configId: partial.id,
        configName: 'Ghost Art',
        code: 'ASSET_MISSING',
        days: [],
        message: PUBLISH_PROBLEM_MESSAGES.assetMissing('Ghost Art', 'gone01'),
      },
    ];
    expect((await preview(s)).problems).toEqual(expected);

    const refused = await publishWith(s, { note: 'first try' });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 'CONFIG_PROBLEMS', message: PUBLISH_MESSAGES.problems(2), problems: expected },
    });
    // Leaving out one of the two is not enough.
    const still = await publishWith(s, { leaveOut: [empty.id] });
    expect(still.status).toBe(422);
    expect(still.body.problems).toEqual([expected[1]]);
    const none = await publishWith(s, { leaveOut: [good.id, empty.id, partial.id] });
    expect(none).toMatchObject({ status: 422, body: { code: 'NOTHING_TO_PUBLISH' } });
    for (const note of ['x'.repeat(PUBLISH_NOTE_MAX + 1), 'bell\u0007', 42]) {
      expect((await publishWith(s, { note })).status, String(note)).toBe(400);
    }
    expect((await publishWith(s, { leaveOut: 'all' })).status).toBe(400);
    expect((await publishWith(s, { extra: true })).status).toBe(400);
    expect(await s.server.database.db.select().from(release)).toHaveLength(0);
    expect(await storedKeys(s.storage, s.game.id)).toEqual([]);

    // The studio's confirmed choice: publish the others, leave these out.
    const published = await publishWith(s, { leaveOut: [empty.id, partial.id] });
    expect(published.outcome).toMatchObject({ type: 'done', release: { version: 1, live: true } });
    if (published.outcome?.type !== 'done') return;
    expect(published.outcome.release.artifacts.map((a) => a.id)).toEqual([good.id]);
    expect(await text(s.storage, `packs/${s.game.id}/daily_rewards/${empty.id}/config.json`)).toBeNull();
  });

  it('names each config new, changed, unchanged or removed against the live release', async () => {
    const s = await setUp('publish-diff@studio.test', { configs: 3 });
    const [a, b, c] = s.configs as [DailyReward, DailyReward, DailyReward];
    const first = await preview(s);
    expect(first.liveVersion).toBeNull();
    expect(first.problems).toEqual([]);
    expect(first.changes.map((x) => [x.id, x.change])).toEqual([
      [a.id, 'new'],
      [b.id, 'new'],
      [c.id, 'new'],
    ]);
    const done = (await publishWith(s, {})).outcome;
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') return;
    // The hash the preview names is the one the release keeps.
    expect(done.release.artifacts.map((x) => x.contentHash)).toEqual(first.configs.map((x) => x.contentHash));
    const again = await preview(s);
    expect(again.liveVersion).toBe(1);
    expect(again.changes.map((x) => x.change)).toEqual(['unchanged', 'unchanged', 'unchanged']);

    await setLayout(s, a, {
      id: 'root',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 't', type: 'TextCB', props: { value: 'Edited' } }],
    });
    expect((await s.client.request(`/api/games/${s.game.id}/daily-rewards/${c.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const d = (await s.client.post(`/api/games/${s.game.id}/daily-rewards`, { name: 'Fresh Week' }))
      .body as DailyReward;
    const given = await s.client.request(`/api/games/${s.game.id}/daily-rewards/${d.id}`, {
      method: 'PATCH',
      json: { rewards: b.rewards.map(({ day, packId }) => ({ day, packId })), cycleDays: 7 },
    });
    expect(given.status).toBe(200);
    const edited = await preview(s);
    expect(edited.changes).toEqual([
      { id: a.id, name: a.name, change: 'changed' },
      { id: b.id, name: b.name, change: 'unchanged' },
      { id: d.id, name: 'Fresh Week', change: 'new' },
      { id: c.id, name: c.name, change: 'removed' },
    ]);
    // Renaming changes what config.json says.
    await s.client.request(`/api/games/${s.game.id}/daily-rewards/${b.id}`, {
      method: 'PATCH',
      json: { name: 'Renamed Week' },
    });
    expect((await preview(s)).changes[1]).toEqual({ id: b.id, name: 'Renamed Week', change: 'changed' });
  });

  it('records who published each release and its note, and a rollback keeps publish times and order', async () => {
    const s = await setUp('publish-who@studio.test', { configs: 1 });
    expect((await publishWith(s, { note: '  Spring event art  ' })).outcome?.type).toBe('done');
    await setLayout(s, s.configs[0]!, {
      id: 'root',
      type: 'BackgroundCB',
      props: {},
      children: [{ id: 't', type: 'TextCB', props: { value: 'Two' } }],
    });
    expect((await publishWith(s, { note: '\u200b' })).outcome?.type).toBe('done');
    const before = await releases(s);
    const [v2, v1] = before.releases as [Release, Release];
    expect(v1).toMatchObject({ version: 1, note: 'Spring event art', live: false });
    expect(v2).toMatchObject({ version: 2, note: null, live: true });
    for (const r of [v1, v2]) expect(r.publishedBy).toContain('publish-who@studio.test');
    expect(v2.liveSince).toBe(v2.finishedAt);

    const rolled = await s.client.request(`/api/games/${s.game.id}/releases/1/live`, { method: 'POST', json: {} });
    expect(rolled.status).toBe(200);
    const after = (rolled.body as Releases).releases;
    expect(after.map((r) => [r.version, r.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    // Publish times stay; only when release 1 went live again is new.
    expect(after.map((r) => [r.createdAt, r.finishedAt])).toEqual(
      before.releases.map((r) => [r.createdAt, r.finishedAt]),
    );
    expect(Date.parse(after[1]!.liveSince!)).toBeGreaterThan(Date.parse(v2.finishedAt!));
    expect(after[1]).toMatchObject({ note: 'Spring event art', publishedBy: v1.publishedBy });
  });
});
