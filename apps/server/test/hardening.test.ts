import { connect } from 'node:net';
import { inspectRoutes } from 'hono/dev';
import { describe, expect, it } from 'vitest';
import { API_BODY_MAX_BYTES, USER_MESSAGES } from '@liveops/domain/accounts';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { INVENTORY_MESSAGES, type Item } from '@liveops/domain/inventory';
import { SEGMENT_MESSAGES } from '@liveops/domain/segments';
import { API_MESSAGES, TEXT_MESSAGES } from '@liveops/domain/shared';
import { asset, game, item, pack, segment } from '../src/db/schema';
import { LAYOUT_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '../src/http/request-body';
import { signedInClient } from './support/accounts';
import { rowCount } from './support/row-count';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

const GAME = { name: 'Hardened', description: 'x', platforms: ['iOS'] };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function setUp(email: string, overrides: Parameters<typeof servers.start>[0] = {}) {
  const server = await servers.start(overrides);
  const client = await signedInClient(server, email);
  const created = await client.post('/api/games', GAME);
  expect(created.status).toBe(201);
  return { server, client, game: created.body as Game };
}

function assetForm(name: string, assetId = 'coin01') {
  const data = new FormData();
  data.set('name', name);
  data.set('assetId', assetId);
  data.set('file', new Blob([PNG], { type: 'image/png' }), 'coin.png');
  return data;
}

/** A multipart POST as a browser form would send it, with the Origin given (or none). */
function postForm(server: TestServer, client: TestClient, path: string, data: FormData, origin?: string) {
  return fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), ...(origin ? { origin } : {}) },
    body: data,
  });
}

describe('input hygiene', () => {
  it('refuses NUL and other control characters in any JSON string, storing nothing', async () => {
    const { server, client, game: g } = await setUp('nul@studio.test');
    const games = await rowCount(server, game);
    for (const name of ['a\u0000b', 'line\u001b[31m', '\u0085', 'lone \ud800 surrogate']) {
      const response = await client.post('/api/games', { ...GAME, name });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'CONTROL_CHARACTERS', message: TEXT_MESSAGES.controlCharacters });
    }
    const nested = await client.post(`/api/games/${g.id}/segments`, {
      name: 'Ok',
      expression: 'player.country == "D\u0000E"',
    });
    expect(nested.status).toBe(400);
    expect(await rowCount(server, game)).toBe(games);
    expect(await rowCount(server, segment)).toBe(0);
    // Line feeds and tabs are text, not control: a description may have several lines.
    expect((await client.post('/api/games', { ...GAME, description: 'one\n\ttwo' })).status).toBe(201);
  });

  it('refuses NUL in a multipart field, storing nothing', async () => {
    const { server, client, game: g } = await setUp('nul-upload@studio.test');
    const response = await postForm(
      server,
      client,
      `/api/games/${g.id}/assets`,
      assetForm('coin\u0000'),
      server.config.publicUrl,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'CONTROL_CHARACTERS' });
    expect(await rowCount(server, asset)).toBe(0);
  });

  it('answers %00, %0A and malformed percent-encodings in a path or query with 400, anonymous or not', async () => {
    const { server, client } = await setUp('paths@studio.test');
    for (const path of ['/api/games/%00', '/api/games/a%0Ab', '/api/games/%ZZ', '/api/games?x=%00', '/api/me?%E0%A4']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({ code: 'MALFORMED_ADDRESS', message: TEXT_MESSAGES.malformedAddress });
    }
    for (const path of ['/files/%ZZ', '/files/assets/%00.png', '/login%ZZ']) {
      expect((await fetch(new URL(path, server.url))).status, path).toBe(400);
    }
  });

  it('validates update-user with our own rules and leaves the user as it was', async () => {
    const { server, client } = await setUp('update-user@studio.test');
    for (const body of [
      { name: null },
      { name: { first: 'Ada' } },
      { name: 'x'.repeat(60_000) },
      { name: '\u200b\u200c' },
      { image: 'javascript:alert(1)' },
      { emailVerified: false },
    ]) {
      const response = await client.post('/api/auth/update-user', body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await client.post('/api/auth/update-user', { name: 'x'.repeat(101) })).body).toMatchObject({
      message: USER_MESSAGES.displayNameTooLong,
    });
    expect((await client.get('/api/me')).body).toMatchObject({
      displayName: null,
      photoURL: null,
      emailVerified: true,
    });
    expect((await client.post('/api/auth/update-user', { name: ' Ada ' })).status).toBe(200);
    expect((await client.get('/api/me')).body).toMatchObject({ displayName: 'Ada' });
    void server;
  });

  it('refuses values that would be stored wrong: below a cent, invisible names, integers beyond int64', async () => {
    const { server, client, game: g } = await setUp('values@studio.test');
    const item1 = { name: 'Gold', type: 'currency', value: 1e-300, baseAmount: 1, iconId: 'coin' };
    expect((await client.post(`/api/games/${g.id}/items`, item1)).body).toMatchObject({
      message: INVENTORY_MESSAGES.valueTooSmall,
    });
    expect((await client.post('/api/games', { ...GAME, name: '\u200b\u200c\u200d\ufeff' })).body).toMatchObject({
      message: GAME_MESSAGES.nameRequired,
    });
    const cel = await client.post(`/api/games/${g.id}/segments`, {
      name: 'Big',
      expression: 'player.level > 9223372036854775808',
    });
    expect(cel.status).toBe(400);
    expect((cel.body as { message: string }).message).toContain(SEGMENT_MESSAGES.integerOutOfRange);
    expect(await rowCount(server, item)).toBe(0);
    expect(await rowCount(server, segment)).toBe(0);
  });

  it('keeps pack values exact: refuses a pack, or an item edit, that would be worth more than a pack can be', async () => {
    const { server, client, game: g } = await setUp('pack-value@studio.test');
    const rich = { name: 'Rich', type: 'currency', value: 999_999_999.99, baseAmount: 1, iconId: 'coin' };
    const created = (await client.post(`/api/games/${g.id}/items`, rich)).body as Item;
    const ok = await client.post(`/api/games/${g.id}/packs`, {
      name: 'Max',
      contents: [{ itemId: created.id, quantity: 10_000 }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ value: 9_999_999_999_900 });
    const tooMuch = await client.post(`/api/games/${g.id}/packs`, {
      name: 'Over',
      contents: [{ itemId: created.id, quantity: 10_001 }],
    });
    expect(tooMuch.body).toMatchObject({ message: INVENTORY_MESSAGES.packValueTooLarge });
    expect(await rowCount(server, pack)).toBe(1);
    const cheap = { ...rich, value: 1 };
    const second = (await client.post(`/api/games/${g.id}/items`, cheap)).body as Item;
    const mixed = await client.post(`/api/games/${g.id}/packs`, {
      name: 'Mixed',
      contents: [
        { itemId: created.id, quantity: 9_999 },
        { itemId: second.id, quantity: 2 },
      ],
    });
    expect(mixed.status).toBe(201);
    const edit = await client.request(`/api/games/${g.id}/items/${second.id}`, {
      method: 'PATCH',
      json: { ...cheap, value: 999_999_999.99 },
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ message: INVENTORY_MESSAGES.packValueTooLarge });
    const items = (await client.get(`/api/games/${g.id}/items`)).body as Item[];
    expect(items.find((i) => i.id === second.id)?.value).toBe(1);
  });
});

describe('request bodies', () => {
  /** The routes that take a larger body than JSON's, and how large. Every other write route takes JSON's. */
  const LARGER_BODIES: Record<string, number> = {
    'POST /api/games/:gameId/assets': UPLOAD_BODY_MAX_BYTES,
    'PUT /api/games/:gameId/assets/:assetId/file': UPLOAD_BODY_MAX_BYTES,
    'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': LAYOUT_BODY_MAX_BYTES,
    'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/variants/:variantId/layout': LAYOUT_BODY_MAX_BYTES,
  };

  it('has every write route declare its body limit and input checks: too large is 413, a control character 400', async () => {
    const { server, client, game: g } = await setUp('bodies@studio.test');
    const writes = [
      ...new Set(
        inspectRoutes(server.app)
          .filter((r) => !r.isMiddleware && r.path.startsWith('/api/'))
          .filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE', 'ALL'].includes(r.method))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    expect(writes.length).toBeGreaterThan(10);
    const before = { games: await rowCount(server, game), items: await rowCount(server, item) };
    for (const route of writes) {
      const [declared = '', pattern = ''] = route.split(' ');
      if (pattern === '/api/*') continue; // the API's own 404 for unknown addresses reads no body
      const method = declared === 'ALL' ? 'POST' : declared;
      const path = pattern.replace(':gameId', g.id).replace(/:\w+/g, 'x').replace('*', 'sign-out');
      const limit = LARGER_BODIES[route] ?? API_BODY_MAX_BYTES;
      const tooLarge = await client.request(path, {
        method,
        body: JSON.stringify({ name: 'x'.repeat(limit) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(tooLarge.status, `${route} with ${limit + 12} bytes`).toBe(413);
      const controlled = await client.request(path, {
        method,
        body: JSON.stringify({ name: 'a\u0000b' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(controlled.status, `${route} with NUL`).toBe(400);
      expect(controlled.body, route).toMatchObject({ code: 'CONTROL_CHARACTERS' });
    }
    expect({ games: await rowCount(server, game), items: await rowCount(server, item) }).toEqual(before);
  });
});

describe('origin check', () => {
  it('refuses state-changing requests without a trusted Origin, even with a valid session', async () => {
    const { server, client, game: g } = await setUp('origin@studio.test');
    const games = await rowCount(server, game);
    const sameSite = server.url.replace(/:(\d+)$/, (_m, port: string) => `:${Number(port) + 1}`);
    for (const origin of [undefined, 'null', sameSite, 'https://evil.example']) {
      const response = await fetch(new URL('/api/games', server.url), {
        method: 'POST',
        headers: { cookie: client.cookieHeader(), 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify(GAME),
      });
      expect(response.status, String(origin)).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'UNTRUSTED_ORIGIN', message: API_MESSAGES.untrustedOrigin });
    }
    // The plain multipart form a same-site page could post with the developer's cookie.
    const upload = await postForm(server, client, `/api/games/${g.id}/assets`, assetForm('Coin'), sameSite);
    expect(upload.status).toBe(403);
    expect(await rowCount(server, asset)).toBe(0);
    expect(await rowCount(server, game)).toBe(games);
    // A browser that sends no Origin but a Referer from the dashboard is the dashboard.
    const referred = await fetch(new URL('/api/games', server.url), {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader(),
        'content-type': 'application/json',
        referer: `${server.config.publicUrl}/dashboard`,
      },
      body: JSON.stringify(GAME),
    });
    expect(referred.status).toBe(201);
  });
});

describe('response headers', () => {
  it('marks signed-in JSON no-store with a CSP, sends no HSTS over http, and compresses large JSON', async () => {
    const { client, game: g } = await setUp('headers@studio.test');
    for (let i = 0; i < 5; i++) await client.post('/api/games', { ...GAME, description: 'd'.repeat(400) });
    const me = await client.get('/api/me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(me.headers.get('strict-transport-security')).toBeNull();
    const list = await fetch(new URL('/api/games', client.baseUrl), {
      headers: { cookie: client.cookieHeader(), 'accept-encoding': 'gzip' },
    });
    expect(list.headers.get('content-encoding')).toBe('gzip');
    expect(((await list.json()) as Game[]).some((x) => x.id === g.id)).toBe(true);
  });

  it('sends HSTS when the public address is https', async () => {
    const server = await servers.start({ publicUrl: 'https://dashboard.studio.test' });
    const response = await fetch(new URL('/api/session', server.url));
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('serves stored files inline with a safe file name', async () => {
    const { server, client, game: g } = await setUp('files@studio.test');
    const upload = await postForm(
      server,
      client,
      `/api/games/${g.id}/assets`,
      assetForm('Coin'),
      server.config.publicUrl,
    );
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="coin01-[0-9a-f]+\.png"$/);
  });
});

/** Raw bytes over one socket: what a client that pipelines a second request after a refused one sees. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    setTimeout(() => socket.end(), 2000);
  });
}

describe('early answers', () => {
  it('says Connection: close on a 413 rather than promising keep-alive and dropping the next request', async () => {
    const server = await servers.start();
    const port = Number(new URL(server.url).port);
    const body = JSON.stringify({ name: 'x'.repeat(100_000) });
    const raw = await exchange(
      port,
      `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.config.publicUrl}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` +
        `GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    const answers = raw.split(/(?=HTTP\/1\.1 \d{3})/).filter((part) => part.startsWith('HTTP/1.1'));
    expect(answers[0]).toMatch(/^HTTP\/1\.1 413/);
    // Either the second request is answered, or the first answer said the connection ends.
    if (answers.length < 2) expect(answers[0]).toMatch(/\r\nconnection: close\r\n/i);
    else expect(answers[1]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[0]).not.toMatch(/\r\nconnection: keep-alive\r\n/i);
  });
});
