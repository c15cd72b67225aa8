import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES, ASSET_UPLOAD_MAX_BYTES, type Asset } from '@liveops/domain/assets';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { asset } from '../src/db/schema';
import { createS3Storage } from '../src/storage/s3-storage';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import { rowCount } from './support/row-count';
import { useTestServers } from './support/use-test-servers';
import type { TestServer } from './support/test-server';

const servers = useTestServers();
const cleanups = servers.cleanups;
let server: TestServer;

async function start(overrides: Parameters<typeof servers.start>[0] = {}) {
  server = await servers.start(overrides);
  return server;
}

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function form(
  fields: { name?: string; assetId?: string },
  file?: { bytes: Uint8Array; filename: string; type: string },
) {
  const data = new FormData();
  if (fields.name !== undefined) data.set('name', fields.name);
  if (fields.assetId !== undefined) data.set('assetId', fields.assetId);
  if (file) data.set('file', new Blob([file.bytes], { type: file.type }), file.filename);
  return data;
}

async function upload(client: TestClient, gameId: string, data: FormData) {
  const response = await fetch(new URL(`/api/games/${gameId}/assets`, client.baseUrl), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: data,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const png = (assetId = 'coin01', name = 'Gold coin') =>
  form({ name, assetId }, { bytes: PNG, filename: 'coin.png', type: 'image/png' });

async function gameOf(client: TestClient): Promise<Game> {
  const response = await client.post('/api/games', { name: 'Asset Game', description: 'x', platforms: ['Web'] });
  return response.body as Game;
}

async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(server.config.dataDir, 'storage'), {
      recursive: true,
      withFileTypes: true,
    });
    return entries.filter((e) => e.isFile() && !e.name.endsWith('.meta.json')).map((e) => e.name);
  } catch {
    return [];
  }
}

const assetCount = () => rowCount(server, asset);

describe('asset upload, list and delete', () => {
  it('stores the record in the database and the bytes in storage, served by URL with a safe type', async () => {
    await start();
    const client = await signedInClient(server, 'assets@studio.test');
    const game = await gameOf(client);
    const tab = await openEventStream(client);
    cleanups.push(tab.close);

    const created = await upload(client, game.id, png());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: `${game.id}_coin01`,
      assetId: 'coin01',
      gameId: game.id,
      name: 'Gold coin',
      size: PNG.length,
      type: 'image/png',
    });
    expect(Math.abs((created.body.createdAt as number) - Date.now())).toBeLessThan(60_000);
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'assets');

    const list = await client.get(`/api/games/${game.id}/assets`);
    expect(list.body).toEqual([created.body]);
    expect(JSON.stringify(list.body)).not.toContain('base64');

    const file = await fetch(created.body.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await storedFiles()).toHaveLength(1);

    const removed = await client.request(`/api/games/${game.id}/assets/coin01`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await client.get(`/api/games/${game.id}/assets`)).body).toEqual([]);
    expect((await fetch(created.body.url as string)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(0);
    expect((await client.request(`/api/games/${game.id}/assets/coin01`, { method: 'DELETE' })).status).toBe(404);
  });

  it('decides the type from the bytes, not from the name or the declared type', async () => {
    await start();
    const client = await signedInClient(server, 'liar@studio.test');
    const game = await gameOf(client);
    const lying = await upload(
      client,
      game.id,
      form({ name: 'Lies', assetId: 'lie' }, { bytes: PNG, filename: 'photo.jpg', type: 'image/jpeg' }),
    );
    expect(lying.status).toBe(201);
    expect(lying.body.type).toBe('image/png');
    expect((await fetch(lying.body.url as string)).headers.get('content-type')).toBe('image/png');
  });

  it.each([
    ['a text file renamed .png', Buffer.from('just some text'), 'notes.png', 'image/png', ASSET_MESSAGES.notAnImage],
    ['an SVG', SVG, 'icon.svg', 'image/svg+xml', ASSET_MESSAGES.svgRefused],
    ['an SVG declared as PNG', SVG, 'icon.png', 'image/png', ASSET_MESSAGES.svgRefused],
  ])('refuses %s and stores nothing', async (_name, bytes, filename, type, message) => {
    await start();
    const client = await signedInClient(server, 'text@studio.test');
    const game = await gameOf(client);
    const response = await upload(client, game.id, form({ name: 'Bad', assetId: 'bad' }, { bytes, filename, type }));
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(message);
    expect(await assetCount()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it.each([
    ['no name', { assetId: 'a1' }, true, ASSET_MESSAGES.nameRequired],
    ['an empty name', { name: '  ', assetId: 'a1' }, true, ASSET_MESSAGES.nameRequired],
    ['a 10 KB name', { name: 'x'.repeat(10_240), assetId: 'a1' }, true, ASSET_MESSAGES.nameTooLong],
    ['no ID', { name: 'Coin' }, true, ASSET_MESSAGES.idRequired],
    ['an ID with slashes', { name: 'Coin', assetId: 'a/b' }, true, ASSET_MESSAGES.idInvalid],
    ['an ID with ..', { name: 'Coin', assetId: '..' }, true, ASSET_MESSAGES.idInvalid],
    ['no file', { name: 'Coin', assetId: 'a1' }, false, ASSET_MESSAGES.fileRequired],
  ])('refuses an upload with %s and stores nothing', async (_name, fields, withFile, message) => {
    await start();
    const client = await signedInClient(server, 'fields@studio.test');
    const game = await gameOf(client);
    const data = form(fields, withFile ? { bytes: PNG, filename: 'c.png', type: 'image/png' } : undefined);
    const response = await upload(client, game.id, data);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await assetCount()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a file over the encoded limit with the spec message, and accepts one at it', async () => {
    await start();
    const client = await signedInClient(server, 'big@studio.test');
    const game = await gameOf(client);
    const atLimit = Buffer.alloc(Math.floor((1_024_000 - 'data:image/png;base64,'.length) / 4) * 3);
    PNG.copy(atLimit);
    const over = Buffer.alloc(ASSET_UPLOAD_MAX_BYTES + 10);
    PNG.copy(over);
    const refused = await upload(
      client,
      game.id,
      form({ name: 'Big', assetId: 'big' }, { bytes: over, filename: 'b.png', type: 'image/png' }),
    );
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('Encoded asset is larger than 1MB. Please choose a smaller image.');
    const justOver = Buffer.concat([atLimit, Buffer.alloc(1)]);
    const alsoRefused = await upload(
      client,
      game.id,
      form({ name: 'Big', assetId: 'big' }, { bytes: justOver, filename: 'b.png', type: 'image/png' }),
    );
    expect(alsoRefused.status).toBe(413);
    expect(await storedFiles()).toEqual([]);
    const accepted = await upload(
      client,
      game.id,
      form({ name: 'Big', assetId: 'big' }, { bytes: atLimit, filename: 'b.png', type: 'image/png' }),
    );
    expect(accepted.status).toBe(201);
  });

  it('refuses a duplicate ID, and of two racing uploads keeps exactly one with no orphaned bytes', async () => {
    await start();
    const client = await signedInClient(server, 'dup@studio.test');
    const game = await gameOf(client);
    expect((await upload(client, game.id, png('same'))).status).toBe(201);
    const again = await upload(client, game.id, png('same', 'Other'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An asset with this ID already exists. Pick a different ID.');

    const race = await Promise.all([
      upload(client, game.id, png('race', 'One')),
      upload(client, game.id, png('race', 'Two')),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await assetCount()).toBe(2);
    expect(await storedFiles()).toHaveLength(2);
  });

  it('refuses what is not multipart', async () => {
    await start();
    const client = await signedInClient(server, 'json@studio.test');
    const game = await gameOf(client);
    const response = await client.post(`/api/games/${game.id}/assets`, {
      name: 'x',
      assetId: 'y',
      file: 'data:image/png;base64,AAAA',
    });
    expect(response.status).toBe(415);
    expect(await assetCount()).toBe(0);
  });
});

describe('asset isolation', () => {
  it("answers another owner's game like a missing one on list, upload and delete, and changes nothing", async () => {
    await start();
    const alice = await signedInClient(server, 'asset-alice@studio.test');
    const bob = await signedInClient(server, 'asset-bob@studio.test');
    const game = await gameOf(alice);
    expect((await upload(alice, game.id, png('mine'))).status).toBe(201);

    const list = await bob.get(`/api/games/${game.id}/assets`);
    const post = await upload(bob, game.id, png('theirs'));
    const del = await bob.request(`/api/games/${game.id}/assets/mine`, { method: 'DELETE' });
    for (const response of [list, post, del]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: GAME_MESSAGES.notFound });
    }
    expect(((await alice.get(`/api/games/${game.id}/assets`)).body as Asset[]).map((a) => a.assetId)).toEqual(['mine']);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses a signed-out caller', async () => {
    await start();
    const alice = await signedInClient(server, 'asset-owner@studio.test');
    const game = await gameOf(alice);
    const anonymous = server.client();
    expect((await anonymous.get(`/api/games/${game.id}/assets`)).status).toBe(401);
    expect((await upload(anonymous, game.id, png())).status).toBe(401);
  });

  it('serves nothing outside storage through /files', async () => {
    await start();
    for (const p of ['/files/../package.json', '/files/%2e%2e/%2e%2e/etc/passwd', '/files/assets/none.png']) {
      expect((await fetch(new URL(p, server.url))).status).toBe(404);
    }
  });
});

describe('assets on S3-compatible storage', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server('liveops-assets');
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('stores uploads in the bucket, serves them, and deletes them from it', async () => {
    const s3Config = {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: s3.credentials,
      publicUrl: null,
    };
    await start({ s3: s3Config });
    const client = await signedInClient(server, 's3@studio.test');
    const game = await gameOf(client);
    const created = await upload(client, game.id, png('s3coin'));
    expect(created.status).toBe(201);
    const key = new URL(created.body.url as string).pathname.replace('/files/', '');
    const bucket = createS3Storage(s3Config, server.url);
    expect(Buffer.from((await bucket.get(key))?.body ?? []).equals(PNG)).toBe(true);
    expect(await storedFiles()).toEqual([]);
    const served = await fetch(created.body.url as string);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await client.request(`/api/games/${game.id}/assets/s3coin`, { method: 'DELETE' })).status).toBe(204);
    expect(await bucket.get(key)).toBeNull();
  });
});

/** A real 1×1 GIF: a different file and type than the PNG. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const fileForm = (bytes: Uint8Array, filename: string, type: string) => {
  const data = new FormData();
  data.set('file', new Blob([bytes], { type }), filename);
  return data;
};

async function replace(client: TestClient, gameId: string, assetId: string, data: FormData) {
  const response = await fetch(new URL(`/api/games/${gameId}/assets/${assetId}/file`, client.baseUrl), {
    method: 'PUT',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: data,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rename = (client: TestClient, gameId: string, assetId: string, json: unknown) =>
  client.request(`/api/games/${gameId}/assets/${assetId}`, { method: 'PATCH', json });
const imageLayout = (assetId: string) => ({
  id: 'root',
  type: 'Root',
  props: {},
  children: [{ id: 'i', type: 'ImageCB', props: { src: `asset:${assetId}` } }],
});

describe('asset rename, replace and used-by', () => {
  it('renames the asset only: its ID, file and URL stay, items and packs show the new name, other tabs hear it', async () => {
    await start();
    const client = await signedInClient(server, 'rename@studio.test');
    const game = await gameOf(client);
    const created = (await upload(client, game.id, png('coin01', 'Gold coin'))).body as Asset;
    const made = await client.post(`/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
      assetRefId: 'coin01',
    });
    expect(made.status, made.text).toBe(201);
    const tab = await openEventStream(client);
    cleanups.push(tab.close);

    const renamed = await rename(client, game.id, 'coin01', { name: '  Shiny coin ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ assetId: 'coin01', name: 'Shiny coin', url: created.url, size: created.size });
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'assets');
    const items = (await client.get(`/api/games/${game.id}/items`)).body as { assetName: string | null }[];
    expect(items[0]?.assetName).toBe('Shiny coin');

    for (const bad of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(500) }, { name: 5 }]) {
      const refused = await rename(client, game.id, 'coin01', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await rename(client, game.id, 'nosuch', { name: 'A' })).status).toBe(404);
    const listed = (await client.get(`/api/games/${game.id}/assets`)).body as Asset[];
    expect(listed.map((a) => a.name)).toEqual(['Shiny coin']);
  });

  it('replaces the file under the same asset ID: type from the bytes, old bytes removed, every view shows the new URL', async () => {
    await start();
    const client = await signedInClient(server, 'replace@studio.test');
    const game = await gameOf(client);
    const created = (await upload(client, game.id, png('coin01'))).body as Asset;
    await client.post(`/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
      assetRefId: 'coin01',
    });
    const tab = await openEventStream(client);
    cleanups.push(tab.close);

    const replaced = await replace(client, game.id, 'coin01', fileForm(GIF, 'coin.png', 'image/png'));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ assetId: 'coin01', name: 'Gold coin', type: 'image/gif', size: GIF.length });
    expect(replaced.body.url).not.toBe(created.url);
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'assets');
    const served = await fetch(new URL(replaced.body.url as string, server.url));
    expect(Buffer.from(await served.arrayBuffer()).equals(GIF)).toBe(true);
    expect((await fetch(new URL(created.url, server.url))).status).toBe(404);
    expect(await storedFiles()).toHaveLength(1);
    const items = (await client.get(`/api/games/${game.id}/items`)).body as { assetUrl: string | null }[];
    expect(items[0]?.assetUrl).toBe(replaced.body.url);

    const svg = await replace(client, game.id, 'coin01', fileForm(SVG, 'coin.png', 'image/png'));
    expect(svg).toMatchObject({ status: 415, body: { message: ASSET_MESSAGES.svgRefused } });
    const text = await replace(client, game.id, 'coin01', fileForm(Buffer.from('hello'), 'a.png', 'image/png'));
    expect(text.status).toBe(415);
    const none = await replace(client, game.id, 'coin01', new FormData());
    expect(none).toMatchObject({ status: 400, body: { message: ASSET_MESSAGES.fileRequired } });
    const big = await replace(
      client,
      game.id,
      'coin01',
      fileForm(new Uint8Array(ASSET_UPLOAD_MAX_BYTES + 1), 'a.png', 'image/png'),
    );
    expect(big.status).toBe(413);
    expect((await replace(client, game.id, 'nosuch', fileForm(GIF, 'a.gif', 'image/gif'))).status).toBe(404);
    const listed = (await client.get(`/api/games/${game.id}/assets`)).body as Asset[];
    expect(listed).toEqual([replaced.body]);
    expect(await storedFiles()).toHaveLength(1);
  });

  it("counts the account's storage quota with the old file's bytes freed", async () => {
    // A PNG with trailing bytes is still a PNG by its bytes, and bigger.
    const bigger = Buffer.concat([PNG, new Uint8Array(100)]);
    // Without freeing the old bytes the replace would need PNG + bigger: one byte more than the quota.
    await start({ maxStorageBytesPerAccount: PNG.length + bigger.length - 1 });
    const client = await signedInClient(server, 'replace-quota@studio.test');
    const game = await gameOf(client);
    expect((await upload(client, game.id, png('coin01'))).status).toBe(201);
    const fits = await replace(client, game.id, 'coin01', fileForm(bigger, 'a.png', 'image/png'));
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    const tooBig = Buffer.concat([PNG, new Uint8Array(PNG.length + 100)]);
    const over = await replace(client, game.id, 'coin01', fileForm(tooBig, 'a.png', 'image/png'));
    expect(over.status).toBe(413);
    const listed = (await client.get(`/api/games/${game.id}/assets`)).body as Asset[];
    expect(listed.map((a) => a.size)).toEqual([bigger.length]);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('lists exactly the items, packs and layouts (variants included) that use the asset, never another game’s', async () => {
    await start();
    const client = await signedInClient(server, 'usedby@studio.test');
    const game = await gameOf(client);
    const other = await gameOf(client);
    for (const g of [game, other]) expect((await upload(client, g.id, png('coin01'))).status).toBe(201);
    expect((await upload(client, game.id, png('gem01', 'Gem'))).status).toBe(201);
    const itemOf = async (gameId: string, name: string, assetRefId: string | null) => {
      const made = await client.post(`/api/games/${gameId}/items`, {
        name,
        type: 'currency',
        value: 1,
        baseAmount: 1,
        assetRefId,
      });
      expect(made.status, made.text).toBe(201);
      return made.body as { id: string; name: string };
    };
    const gold = await itemOf(game.id, 'Gold', 'coin01');
    await itemOf(game.id, 'Gems', 'gem01');
    await itemOf(other.id, 'Other Gold', 'coin01');
    const chest = await client.post(`/api/games/${game.id}/packs`, {
      name: 'Chest',
      contents: [{ itemId: gold.id, quantity: 1 }],
      assetRefId: 'coin01',
    });
    expect(chest.status, chest.text).toBe(201);
    const configs = `/api/games/${game.id}/daily-rewards`;
    const first = (await client.post(configs, {})).body as { id: string; name: string };
    const second = (await client.post(configs, {})).body as { id: string; name: string };
    const put = (path: string, json: unknown) => client.request(path, { method: 'PUT', json });
    expect((await put(`${configs}/${first.id}/layout`, { uiLayout: imageLayout('coin01') })).status).toBe(200);
    expect((await put(`${configs}/${second.id}/layout`, { uiLayout: imageLayout('gem01') })).status).toBe(200);
    const started = await client.post(`${configs}/${second.id}/experiment`, {
      variants: [
        { id: 'a', name: 'Blue', weight: 1 },
        { id: 'b', name: 'Green', weight: 1 },
      ],
    });
    expect(started.status, started.text).toBe(201);
    const variant = await put(`${configs}/${second.id}/experiment/variants/b/layout`, {
      uiLayout: imageLayout('coin01'),
      baseVersion: 0,
    });
    expect(variant.status, variant.text).toBe(200);

    const used = await client.get(`/api/games/${game.id}/assets/coin01/used-by`);
    expect(used.status, used.text).toBe(200);
    expect(used.body).toEqual({
      items: [{ id: gold.id, name: 'Gold' }],
      packs: [{ id: (chest.body as { id: string }).id, name: 'Chest' }],
      layouts: [
        { configId: first.id, configName: first.name, variant: null },
        {
          configId: second.id,
          configName: second.name,
          variant: { experimentId: expect.any(String), variantId: 'b', name: 'Green' },
        },
      ],
    });
    const otherUse = await client.get(`/api/games/${other.id}/assets/coin01/used-by`);
    expect(otherUse.body).toMatchObject({ items: [{ name: 'Other Gold' }], packs: [], layouts: [] });
    expect((await client.get(`/api/games/${game.id}/assets/nosuch/used-by`)).status).toBe(404);
  });

  it("answers another owner's asset like a missing one on rename, replace and used-by, and changes nothing", async () => {
    await start();
    const alice = await signedInClient(server, 'alice-assets@studio.test');
    const bob = await signedInClient(server, 'bob-assets@studio.test');
    const game = await gameOf(alice);
    const created = (await upload(alice, game.id, png('coin01'))).body as Asset;
    const bobGame = await gameOf(bob);
    expect((await rename(bob, game.id, 'coin01', { name: 'Mine' })).status).toBe(404);
    expect((await replace(bob, game.id, 'coin01', fileForm(GIF, 'a.gif', 'image/gif'))).status).toBe(404);
    expect((await bob.get(`/api/games/${game.id}/assets/coin01/used-by`)).status).toBe(404);
    // Through bob's own game the asset ID names nothing of his.
    expect((await rename(bob, bobGame.id, 'coin01', { name: 'Mine' })).status).toBe(404);
    expect((await replace(bob, bobGame.id, 'coin01', fileForm(GIF, 'a.gif', 'image/gif'))).status).toBe(404);
    expect((await bob.get(`/api/games/${bobGame.id}/assets/coin01/used-by`)).status).toBe(404);
    expect((await alice.get(`/api/games/${game.id}/assets`)).body).toEqual([created]);
    expect(await storedFiles()).toHaveLength(1);
  });
});
