import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES, ASSET_UPLOAD_MAX_BYTES, GAME_MESSAGES, type Asset, type Game } from '@liveops/domain';
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
