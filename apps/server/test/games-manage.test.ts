import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { type Asset } from '@liveops/domain/assets';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { GAME_COPY_SUFFIX, GAME_MESSAGES, GAME_NAME_MAX_LENGTH, type Game } from '@liveops/domain/games';
import { type Item, type Pack } from '@liveops/domain/inventory';
import { type PublishEvent } from '@liveops/domain/releases';
import { SEGMENT_MESSAGES, type Segment } from '@liveops/domain/segments';
import * as schema from '../src/db/schema';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import type { Storage } from '../src/storage/storage';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PAGE =
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ` +
  `style-src 'sha256-def='" /><title>Daily rewards</title></head><body><div id="root"></div></body></html>`;
const readPageHtml = () => Promise.resolve(new TextEncoder().encode(PAGE));

let s3: S3TestServer;
let root: string;
beforeAll(async () => {
  [s3, root] = await Promise.all([startS3Server('liveops-games-manage'), mkdtemp(path.join(tmpdir(), 'liveops-gm-'))]);
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

let storageCount = 0;
function filesystem(): Storage {
  return createFilesystemStorage({ root: path.join(root, `fs-${++storageCount}`), publicBaseUrl: 'http://files.test' });
}
function bucket(): Storage {
  return createS3Storage(
    { bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, publicUrl: null },
    'http://files.test',
  );
}

/** A storage whose calls a test can hold back or fail, as a slow or breaking store would. */
function controlled(inner: Storage) {
  const gates: { when: (call: string, key: string) => boolean; opened: Promise<void>; reached: () => void }[] = [];
  let failDeletes = 0;
  const wait = async (call: string, key: string) => {
    for (const gate of gates) {
      if (gate.when(call, key)) {
        gate.reached();
        await gate.opened;
      }
    }
  };
  const storage: Storage = {
    ...inner,
    put: async (key, body, options) => {
      await wait('put', key);
      return inner.put(key, body, options);
    },
    create: async (key, body, options) => {
      await wait('create', key);
      return inner.create(key, body, options);
    },
    delete: async (key) => {
      if (failDeletes > 0) {
        failDeletes--;
        throw new Error('injected delete failure');
      }
      return inner.delete(key);
    },
  };
  return {
    storage,
    /** Holds every matching call until open() is called; reached resolves when the first arrives. */
    hold(when: (call: string, key: string) => boolean) {
      let open = () => undefined as void;
      let reached = () => undefined as void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.push({ when, opened, reached });
      return { arrived, open };
    },
    failNextDeletes(n: number) {
      failDeletes = n;
    },
  };
}

async function keysIn(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}
const filesOf = async (storage: Storage, gameId: string) => [
  ...(await keysIn(storage, `assets/${gameId}/`)),
  ...(await keysIn(storage, `packs/${gameId}/`)),
];

async function upload(server: TestServer, client: TestClient, gameId: string, assetId: string) {
  const form = new FormData();
  form.set('name', `Art ${assetId}`);
  form.set('assetId', assetId);
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  const response = await fetch(new URL(`/api/games/${gameId}/assets`, server.url), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function publish(client: TestClient, gameId: string) {
  const response = await client.request(`/api/games/${gameId}/releases`, { method: 'POST', json: {} });
  const events = response.headers.get('content-type')?.startsWith('application/x-ndjson')
    ? response.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as PublishEvent)
    : [];
  return { status: response.status, events, body: response.body };
}

type Everything = { game: Game; asset: Asset; item: Item; pack: Pack; segment: Segment; reward: DailyReward };

/** A game with one of everything, the reward's layout using the asset, and (when asked) a live release. */
async function gameWithEverything(
  server: TestServer,
  client: TestClient,
  name: string,
  { published = true } = {},
): Promise<Everything> {
  const game = (await client.post('/api/games', { name, description: `${name} notes`, platforms: ['Web', 'iOS'] }))
    .body as Game;
  const uploaded = await upload(server, client, game.id, 'coin');
  expect(uploaded.status).toBe(201);
  const asset = uploaded.body as Asset;
  const item = (
    await client.post(`/api/games/${game.id}/items`, {
      name: `${name} Gold`,
      type: 'currency',
      value: 1.5,
      baseAmount: 10,
      assetRefId: 'coin',
    })
  ).body as Item;
  const pack = (
    await client.post(`/api/games/${game.id}/packs`, {
      name: `${name} Bundle`,
      contents: [{ itemId: item.id, quantity: 2 }],
    })
  ).body as Pack;
  const segment = (
    await client.post(`/api/games/${game.id}/segments`, {
      name: `${name} Whales`,
      description: 'big spenders',
      expression: 'player.totalSpend > 100.0',
    })
  ).body as Segment;
  const reward = (await client.post(`/api/games/${game.id}/daily-rewards`, { name: `${name} Week` }))
    .body as DailyReward;
  const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
  expect(
    (
      await client.request(`/api/games/${game.id}/daily-rewards/${reward.id}`, {
        method: 'PATCH',
        json: { rewards, cycleDays: 7 },
      })
    ).status,
  ).toBe(200);
  const uiLayout = {
    id: 'root',
    type: 'BackgroundCB',
    props: {},
    children: [
      { id: 'coin', type: 'ImageCB', props: { src: 'asset:coin' } },
      { id: 'direct', type: 'ImageCB', props: { src: asset.url } },
    ],
  };
  const saved = await client.request(`/api/games/${game.id}/daily-rewards/${reward.id}/layout`, {
    method: 'PUT',
    json: { uiLayout },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  if (published) {
    const result = await publish(client, game.id);
    expect(result.events.at(-1)?.type, JSON.stringify(result)).toBe('done');
  }
  return { game, asset, item, pack, segment, reward };
}

const OWNED = [schema.segment, schema.item, schema.pack, schema.dailyReward, schema.release, schema.asset] as const;

/** Every row of a game, table by table (the game's own row first). */
async function rowsOf(server: TestServer, gameId: string) {
  const { db } = server.database;
  return {
    game: await db.select().from(schema.game).where(eq(schema.game.id, gameId)),
    ...Object.fromEntries(
      await Promise.all(
        OWNED.map(async (table) => [
          getTableName(table),
          await db.select().from(table).where(eq(table.gameId, gameId)),
        ]),
      ),
    ),
  } as Record<string, { id: string }[]>;
}

const deleteGame = (client: TestClient, gameId: string, confirmation: unknown) =>
  client.request(`/api/games/${gameId}`, { method: 'DELETE', json: { confirmation } });

describe.each([
  ['the filesystem', filesystem],
  ['S3 (s3rver)', bucket],
] as const)('on %s', (_where, makeStorage) => {
  it('deletes a game with data in every table and its stored files, touching no other game', async () => {
    const storage = makeStorage();
    const server = await servers.start({ storage, publishing: { readPageHtml } });
    const client = await signedInClient(server, 'delete@studio.test');
    const doomed = await gameWithEverything(server, client, 'Doomed');
    const kept = await gameWithEverything(server, client, 'Kept');
    const before = await rowsOf(server, doomed.game.id);
    for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);
    expect((await keysIn(storage, `assets/${doomed.game.id}/`)).length).toBe(1);
    expect((await keysIn(storage, `packs/${doomed.game.id}/`)).length).toBeGreaterThan(2);
    const keptRows = JSON.stringify(await rowsOf(server, kept.game.id));
    const keptFiles = await filesOf(storage, kept.game.id);

    const tab = await openEventStream(client);
    const answer = await deleteGame(client, doomed.game.id, '  Doomed ');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ deleted: true, id: doomed.game.id });
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'games');
    // An open UI editor of one of its configs hears of it as well.
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'dailyRewards');
    await tab.close();

    for (const [table, rows] of Object.entries(await rowsOf(server, doomed.game.id))) expect(rows, table).toEqual([]);
    expect(await filesOf(storage, doomed.game.id)).toEqual([]);
    expect(JSON.stringify(await rowsOf(server, kept.game.id))).toBe(keptRows);
    expect(await filesOf(storage, kept.game.id)).toEqual(keptFiles);
    const gone = await client.get(`/api/games/${doomed.game.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
    expect((await client.get(`/api/games/${doomed.game.id}/segments`)).status).toBe(404);
    expect(((await client.get('/api/games')).body as Game[]).map((g) => g.id)).toEqual([kept.game.id]);
  });

  it('duplicates a game: new ids and SDK key, references remapped to the copies, asset bytes at new keys, no releases', async () => {
    const storage = makeStorage();
    const server = await servers.start({ storage, publishing: { readPageHtml } });
    const client = await signedInClient(server, 'copy@studio.test');
    const source = await gameWithEverything(server, client, 'Live Game');

    const answer = await client.post(`/api/games/${source.game.id}/duplicate`, {});
    expect(answer.status, answer.text).toBe(201);
    const copy = answer.body as Game;
    expect(copy).toMatchObject({
      name: `Live Game${GAME_COPY_SUFFIX}`,
      description: source.game.description,
      platforms: source.game.platforms,
      orientation: source.game.orientation,
      theme: source.game.theme,
    });
    expect(copy.id).not.toBe(source.game.id);
    expect(copy.sdkKey).not.toBe(source.game.sdkKey);

    const rows = await rowsOf(server, copy.id);
    expect(rows.release).toEqual([]);
    expect(await keysIn(storage, `packs/${copy.id}/`)).toEqual([]);
    const items = (await client.get(`/api/games/${copy.id}/items`)).body as Item[];
    const packs = (await client.get(`/api/games/${copy.id}/packs`)).body as Pack[];
    const segments = (await client.get(`/api/games/${copy.id}/segments`)).body as Segment[];
    const rewards = (await client.get(`/api/games/${copy.id}/daily-rewards`)).body as DailyReward[];
    const assets = (await client.get(`/api/games/${copy.id}/assets`)).body as Asset[];
    expect(items.map((i) => [i.name, i.value, i.assetRefId])).toEqual([['Live Game Gold', 1.5, 'coin']]);
    expect(segments.map((s) => [s.name, s.description, s.expression])).toEqual([
      ['Live Game Whales', 'big spenders', 'player.totalSpend > 100.0'],
    ]);
    expect(assets.map((a) => a.assetId)).toEqual(['coin']);
    const [item] = items as [Item];
    const [pack] = packs as [Pack];
    const [reward] = rewards as [DailyReward];
    const [asset] = assets as [Asset];
    for (const [mine, theirs] of [
      [item.id, source.item.id],
      [pack.id, source.pack.id],
      [reward.id, source.reward.id],
      [segments[0]?.id, source.segment.id],
      [asset.id, source.asset.id],
      [asset.url, source.asset.url],
    ]) {
      expect(mine).toBeTruthy();
      expect(mine).not.toBe(theirs);
    }
    expect(pack.contents).toEqual([{ itemId: item.id, quantity: 2 }]);
    expect(reward.rewards.map((r) => r.packId)).toEqual(Array(7).fill(pack.id));
    const layout = JSON.stringify(reward.uiLayout);
    expect(layout).toContain('"asset:coin"');
    expect(layout).toContain(JSON.stringify(asset.url));
    expect(layout).not.toContain(source.game.id);

    // The copy stands on its own: its bytes stay when the source goes.
    const [copiedKey] = await keysIn(storage, `assets/${copy.id}/`);
    expect(copiedKey).toBeTruthy();
    expect(Buffer.from((await storage.get(copiedKey!))!.body)).toEqual(PNG);
    expect((await deleteGame(client, source.game.id, 'Live Game')).status).toBe(200);
    expect(Buffer.from((await storage.get(copiedKey!))!.body)).toEqual(PNG);
    expect(((await client.get(`/api/games/${copy.id}/packs`)).body as Pack[])[0]?.value).toBe(3);
    const published = await publish(client, copy.id);
    expect(published.events.at(-1)?.type, JSON.stringify(published)).toBe('done');
  });

  it('refuses to delete a game while its publish runs and deletes it once the publish is done, leaving nothing', async () => {
    const control = controlled(makeStorage());
    const server = await servers.start({ storage: control.storage, publishing: { readPageHtml } });
    const client = await signedInClient(server, 'busy@studio.test');
    const { game } = await gameWithEverything(server, client, 'Busy', { published: false });
    const held = control.hold((call, key) => call === 'create' && key.startsWith(`packs/${game.id}/`));
    const publishing = publish(client, game.id);
    await held.arrived;

    const started = Date.now();
    const refused = await deleteGame(client, game.id, 'Busy');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'PUBLISH_IN_PROGRESS', message: GAME_MESSAGES.deleteBusy });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect((await client.get(`/api/games/${game.id}`)).status).toBe(200);

    // A deletion that arrives while the publish finishes waits for it, then removes everything it wrote.
    const deleting = deleteGame(client, game.id, 'Busy');
    held.open();
    expect((await publishing).events.at(-1)?.type).toBe('done');
    const deleted = await deleting;
    expect(deleted.status, deleted.text).toBe(200);
    for (const [table, rows] of Object.entries(await rowsOf(server, game.id))) expect(rows, table).toEqual([]);
    expect(await filesOf(control.storage, game.id)).toEqual([]);
  });

  it('removes the bytes of an upload whose game is deleted while it is being stored, answering not found', async () => {
    const control = controlled(makeStorage());
    const server = await servers.start({ storage: control.storage });
    const client = await signedInClient(server, 'upload@studio.test');
    const other = (await client.post('/api/games', { name: 'Other', description: 'o', platforms: ['Web'] }))
      .body as Game;
    expect((await upload(server, client, other.id, 'keep')).status).toBe(201);
    const game = (await client.post('/api/games', { name: 'Uploading', description: 'u', platforms: ['Web'] }))
      .body as Game;
    const held = control.hold((call, key) => call === 'put' && key.startsWith(`assets/${game.id}/`));
    const uploading = upload(server, client, game.id, 'late');
    await held.arrived;
    expect((await deleteGame(client, game.id, 'Uploading')).status).toBe(200);
    held.open();
    const answer = await uploading;
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
    expect(await filesOf(control.storage, game.id)).toEqual([]);
    expect(await keysIn(control.storage, `assets/${other.id}/`)).toHaveLength(1);
    expect(await server.database.db.select().from(schema.asset).where(eq(schema.asset.gameId, game.id))).toEqual([]);
  });

  it('retries stored files that fail to delete after the rows are gone', async () => {
    const control = controlled(makeStorage());
    const server = await servers.start({ storage: control.storage, publishing: { readPageHtml } });
    const client = await signedInClient(server, 'retry@studio.test');
    const { game } = await gameWithEverything(server, client, 'Flaky');
    control.failNextDeletes(2);
    const answer = await deleteGame(client, game.id, 'Flaky');
    expect(answer.status).toBe(200);
    for (const [table, rows] of Object.entries(await rowsOf(server, game.id))) expect(rows, table).toEqual([]);
    expect(await filesOf(control.storage, game.id)).toEqual([]);
  });
});

describe('editing a game', () => {
  it('changes its name, description and platforms under the rules of creation, and tells every tab', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'edit@studio.test');
    const game = (await client.post('/api/games', { name: 'Draft', description: 'd', platforms: ['Web'] }))
      .body as Game;
    const tab = await openEventStream(client);
    const answer = await client.request(`/api/games/${game.id}`, {
      method: 'PATCH',
      json: { name: '  Star Miner ', description: 'Dig for stars', platforms: ['iOS', 'Android', 'iOS'] },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      id: game.id,
      name: 'Star Miner',
      description: 'Dig for stars',
      platforms: ['Android', 'iOS'],
      sdkKey: game.sdkKey,
    });
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'games');
    await tab.close();
    expect((await client.get(`/api/games/${game.id}`)).body).toMatchObject({ name: 'Star Miner' });
  });

  it('stores the details, orientation and theme of one save together, and nothing of them when one part is refused', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'profile-save@studio.test');
    const game = (await client.post('/api/games', { name: 'Draft', description: 'd', platforms: ['Web'] }))
      .body as Game;
    const everything = {
      name: 'Star Miner',
      description: 'Dig for stars',
      platforms: ['iOS'],
      orientation: 'landscape',
      theme: { primaryColor: '#1a2b3c', secondaryColor: '#000000' },
    };
    // One part wrong, the others valid: the answer names it, and nothing else is stored either.
    const refusals: [object, string][] = [
      [{ ...everything, theme: { primaryColor: '#1a2b3c', secondaryColor: 'navy' } }, GAME_MESSAGES.colorInvalid],
      [{ ...everything, orientation: 'sideways' }, GAME_MESSAGES.orientationInvalid],
      [{ ...everything, name: '' }, GAME_MESSAGES.nameRequired],
      [
        { orientation: 'landscape', theme: everything.theme, name: 'No description' },
        GAME_MESSAGES.descriptionRequired,
      ],
    ];
    for (const [json, message] of refusals) {
      const answer = await client.request(`/api/games/${game.id}`, { method: 'PATCH', json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect((answer.body as { message: string }).message).toBe(message);
    }
    expect((await client.get(`/api/games/${game.id}`)).body).toEqual(game);

    const tab = await openEventStream(client);
    const saved = await client.request(`/api/games/${game.id}`, { method: 'PATCH', json: everything });
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      name: 'Star Miner',
      description: 'Dig for stars',
      platforms: ['iOS'],
      orientation: 'landscape',
      theme: { primaryColor: '#1A2B3C', secondaryColor: '#000000' },
      sdkKey: game.sdkKey,
    };
    expect(saved.body).toMatchObject(expected);
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'games');
    await tab.close();
    expect((await client.get(`/api/games/${game.id}`)).body).toMatchObject(expected);

    // A part sent alone changes only itself.
    const themeOnly = await client.request(`/api/games/${game.id}`, {
      method: 'PATCH',
      json: { theme: { primaryColor: '#FFFFFF', secondaryColor: '#FFFFFF' } },
    });
    expect(themeOnly.body).toMatchObject({
      ...expected,
      theme: { primaryColor: '#FFFFFF', secondaryColor: '#FFFFFF' },
    });
  });

  it('refuses a 10 KB, blank or control-character name, no platforms or an unknown one, changing nothing', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'badedit@studio.test');
    const game = (await client.post('/api/games', { name: 'Steady', description: 'd', platforms: ['Web'] }))
      .body as Game;
    const valid = { name: 'Fine', description: 'fine', platforms: ['Web'] };
    const cases: [object, string][] = [
      [{ ...valid, name: 'x'.repeat(10_240) }, GAME_MESSAGES.nameTooLong],
      [{ ...valid, name: '   ' }, GAME_MESSAGES.nameRequired],
      [{ ...valid, name: '\u200b' }, GAME_MESSAGES.nameRequired],
      [{ ...valid, description: '' }, GAME_MESSAGES.descriptionRequired],
      [{ ...valid, platforms: [] }, GAME_MESSAGES.platformRequired],
      [{ ...valid, platforms: ['Switch'] }, GAME_MESSAGES.platformUnknown],
      [{ name: 'Only a name' }, GAME_MESSAGES.descriptionRequired],
    ];
    for (const [json, message] of cases) {
      const answer = await client.request(`/api/games/${game.id}`, { method: 'PATCH', json });
      expect(answer.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect((answer.body as { message: string }).message).toBe(message);
    }
    const control = await client.request(`/api/games/${game.id}`, {
      method: 'PATCH',
      json: { ...valid, name: 'Gold\u0000' },
    });
    expect(control.status).toBe(400);
    expect((await client.get(`/api/games/${game.id}`)).body).toEqual(game);
  });
});

describe("another owner's game and wrong confirmations", () => {
  it("answers another owner's game as missing for edit, delete and duplicate, changing and creating nothing", async () => {
    const server = await servers.start({ publishing: { readPageHtml } });
    const alice = await signedInClient(server, 'alice-gm@studio.test');
    const bob = await signedInClient(server, 'bob-gm@studio.test');
    const theirs = await gameWithEverything(server, alice, 'Alice Orchard', { published: false });
    const before = JSON.stringify(await rowsOf(server, theirs.game.id));
    const gamesBefore = await server.database.db.select().from(schema.game);
    const attempts = [
      bob.request(`/api/games/${theirs.game.id}`, {
        method: 'PATCH',
        json: { name: 'Stolen', description: 'x', platforms: ['Web'] },
      }),
      deleteGame(bob, theirs.game.id, 'Alice Orchard'),
      bob.post(`/api/games/${theirs.game.id}/duplicate`, {}),
      bob.request(`/api/games/${theirs.game.id}/segments/${theirs.segment.id}`, {
        method: 'PATCH',
        json: { name: 'Stolen', expression: 'player.level > 1' },
      }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
      expect(answer.text).not.toContain('Alice');
    }
    expect(JSON.stringify(await rowsOf(server, theirs.game.id))).toBe(before);
    expect(await server.database.db.select().from(schema.game)).toHaveLength(gamesBefore.length);
  });

  it('refuses a deletion whose typed name is wrong, differs in case, is missing or is 10 KB, deleting nothing', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'typo@studio.test');
    const game = (await client.post('/api/games', { name: 'Moon Base', description: 'm', platforms: ['Web'] }))
      .body as Game;
    for (const confirmation of ['Moon Bas', 'moon base', '', 'x'.repeat(10_240), 42, null]) {
      const answer = await deleteGame(client, game.id, confirmation);
      expect(answer.status, String(confirmation).slice(0, 20)).toBe(400);
      expect((answer.body as { message: string }).message).toBe(GAME_MESSAGES.deleteConfirmationWrong);
    }
    const noBody = await client.request(`/api/games/${game.id}`, { method: 'DELETE' });
    expect(noBody.status).toBeGreaterThanOrEqual(400);
    expect(noBody.status).toBeLessThan(500);
    expect((await client.get(`/api/games/${game.id}`)).body).toEqual(game);
  });

  it('names a copy as asked, or "<name> (staging copy)" kept within the limit, refusing a 10 KB name', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'names@studio.test');
    const long = 'L'.repeat(GAME_NAME_MAX_LENGTH);
    const game = (await client.post('/api/games', { name: long, description: 'l', platforms: ['Web'] })).body as Game;
    const copy = (await client.post(`/api/games/${game.id}/duplicate`, {})).body as Game;
    expect(copy.name.length).toBe(GAME_NAME_MAX_LENGTH);
    expect(copy.name.endsWith(GAME_COPY_SUFFIX)).toBe(true);
    const named = await client.post(`/api/games/${game.id}/duplicate`, { name: ' Staging ' });
    expect(named.status).toBe(201);
    expect((named.body as Game).name).toBe('Staging');
    const count = (await client.get('/api/games')).body as Game[];
    const refused = await client.post(`/api/games/${game.id}/duplicate`, { name: 'x'.repeat(10_240) });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe(GAME_MESSAGES.nameTooLong);
    expect((await client.get('/api/games')).body).toEqual(count);
  });

  it('marks a copy as the staging copy of its source, named or renamed, and a new game as none', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'staging@studio.test');
    const game = (await client.post('/api/games', { name: 'Live', description: 'l', platforms: ['Web'] })).body as Game;
    expect(game.stagingCopyOf).toBeNull();
    const copy = (await client.post(`/api/games/${game.id}/duplicate`, { name: 'Just a name' })).body as Game;
    expect(copy.stagingCopyOf).toBe(game.id);
    const renamed = await client.request(`/api/games/${copy.id}`, {
      method: 'PATCH',
      json: { name: 'Renamed', description: 'l', platforms: ['Web'] },
    });
    expect(renamed.status).toBe(200);
    const copyOfCopy = (await client.post(`/api/games/${copy.id}/duplicate`, {})).body as Game;
    expect(copyOfCopy.stagingCopyOf).toBe(copy.id);
    const listed = (await client.get('/api/games')).body as Game[];
    expect(listed.find((g) => g.id === copy.id)).toMatchObject({ name: 'Renamed', stagingCopyOf: game.id });
  });

  it('creates nothing when the copy of its images fails', async () => {
    const inner = filesystem();
    const only = { gameId: '' };
    const failing: Storage = {
      ...inner,
      put: (key, body, options) =>
        key.startsWith(`assets/${only.gameId}/`)
          ? inner.put(key, body, options)
          : Promise.reject(new Error('injected put failure')),
    };
    const server = await servers.start({ storage: failing });
    const client = await signedInClient(server, 'copyfail@studio.test');
    const game = (await client.post('/api/games', { name: 'Source', description: 's', platforms: ['Web'] }))
      .body as Game;
    only.gameId = game.id;
    expect((await upload(server, client, game.id, 'one')).status).toBe(201);
    expect((await upload(server, client, game.id, 'two')).status).toBe(201);
    const answer = await client.post(`/api/games/${game.id}/duplicate`, {});
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ code: 'STORAGE_FAILED', message: GAME_MESSAGES.duplicateStorageFailed });
    expect(((await client.get('/api/games')).body as Game[]).map((g) => g.id)).toEqual([game.id]);
    const everyAsset = await keysIn(inner, 'assets/');
    expect(everyAsset).toHaveLength(2);
    expect(everyAsset.every((key) => key.startsWith(`assets/${game.id}/`))).toBe(true);
  });
});

describe('editing a segment', () => {
  it('changes name, description and expression under the checks of creation, and tells every tab', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'segments-edit@studio.test');
    const game = (await client.post('/api/games', { name: 'Seg', description: 's', platforms: ['Web'] })).body as Game;
    const other = (await client.post('/api/games', { name: 'Other', description: 'o', platforms: ['Web'] }))
      .body as Game;
    const segment = (
      await client.post(`/api/games/${game.id}/segments`, { name: 'Whales', expression: 'player.level > 3' })
    ).body as Segment;
    const tab = await openEventStream(client);
    const answer = await client.request(`/api/games/${game.id}/segments/${segment.id}`, {
      method: 'PATCH',
      json: { name: ' Big Whales ', description: 'over $100', expression: 'player.totalSpend > 100.0' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      id: segment.id,
      name: 'Big Whales',
      description: 'over $100',
      expression: 'player.totalSpend > 100.0',
      logicType: 'CEL',
    });
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'segments');
    await tab.close();
    const stored = (await client.get(`/api/games/${game.id}/segments/${segment.id}`)).body as Segment;

    const bad: [object, string | RegExp][] = [
      [{ name: 'x'.repeat(10_240), expression: 'player.level > 1' }, SEGMENT_MESSAGES.nameTooLong],
      [{ name: '', expression: 'player.level > 1' }, SEGMENT_MESSAGES.nameRequired],
      [{ name: 'A', expression: '' }, SEGMENT_MESSAGES.expressionRequired],
      [{ name: 'A', expression: 'player.nope > 1' }, /line 1, column/],
      [{ name: 'A', expression: 'player.level' }, /true or false/],
      [{ name: 'A', expression: 'player.country.matches(".*")' }, SEGMENT_MESSAGES.matchesUnsupported],
    ];
    for (const [json, message] of bad) {
      const refused = await client.request(`/api/games/${game.id}/segments/${segment.id}`, { method: 'PATCH', json });
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(message);
    }
    const elsewhere = await client.request(`/api/games/${other.id}/segments/${segment.id}`, {
      method: 'PATCH',
      json: { name: 'Moved', expression: 'player.level > 1' },
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ code: 'NOT_FOUND', message: SEGMENT_MESSAGES.notFound });
    expect((await client.get(`/api/games/${game.id}/segments/${segment.id}`)).body).toEqual(stored);
  });
});
