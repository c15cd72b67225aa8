import { describe, expect, it } from 'vitest';
import { GAME_MESSAGES, SDK_KEY_PATTERN, type Game } from '@liveops/domain/games';
import { API_MESSAGES, LIVE_UPDATES_PATH } from '@liveops/domain/shared';
import { game } from '../src/db/schema';
import { signedInClient, signUp } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import { TEST_DATABASE_KIND } from './support/test-database';
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

const NEW_GAME = { name: 'Star Miner', description: 'Dig for stars', platforms: ['iOS', 'Android'] };

async function createGame(client: TestClient, input: object = NEW_GAME): Promise<Game> {
  const response = await client.post('/api/games', input);
  expect(response.status).toBe(201);
  return response.body as Game;
}

const gameCount = () => rowCount(server, game);

describe('games', () => {
  it('creates a game with a server-made SDK key, status active, tier free, the owner and default theme', async () => {
    await start();
    const client = await signedInClient(server, 'owner@studio.test');
    const created = await createGame(client);
    expect(created).toMatchObject({
      name: 'Star Miner',
      description: 'Dig for stars',
      platforms: ['Android', 'iOS'],
      orientation: 'portrait',
      status: 'active',
      tier: 'free',
      enabled: true,
      owner: 'owner@studio.test',
      theme: { primaryColor: '#FFE16D', secondaryColor: '#021031' },
    });
    expect(created.sdkKey).toMatch(SDK_KEY_PATTERN);
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const list = await client.get('/api/games');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    expect((await client.get(`/api/games/${created.id}`)).body).toEqual(created);
  });

  it('ignores what the client claims for server-owned fields', async () => {
    await start();
    const client = await signedInClient(server, 'sneaky@studio.test');
    const created = await createGame(client, {
      ...NEW_GAME,
      sdkKey: 'CSDK-AAAAAAAAAAAAAAAA',
      status: 'banned',
      tier: 'gold',
      ownerId: 'someone-else',
      id: 'chosen-id',
    });
    expect(created.sdkKey).not.toBe('CSDK-AAAAAAAAAAAAAAAA');
    expect(created).toMatchObject({ status: 'active', tier: 'free' });
    expect(created.id).not.toBe('chosen-id');
    expect(created.ownerId).not.toBe('someone-else');
  });

  it('gives every game its own SDK key', async () => {
    await start();
    const client = await signedInClient(server, 'many@studio.test');
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++) keys.add((await createGame(client, { ...NEW_GAME, name: `Game ${i}` })).sdkKey);
    expect(keys.size).toBe(20);
  });

  it('updates orientation and theme, and moves updatedAt', async () => {
    await start();
    const client = await signedInClient(server, 'editor@studio.test');
    const created = await createGame(client);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const oriented = await client.request(`/api/games/${created.id}/orientation`, {
      method: 'PATCH',
      json: { orientation: 'landscape' },
    });
    expect(oriented.status).toBe(200);
    expect(oriented.body).toMatchObject({ orientation: 'landscape' });
    expect(Date.parse((oriented.body as Game).updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));

    const themed = await client.request(`/api/games/${created.id}/theme`, {
      method: 'PATCH',
      json: { theme: { primaryColor: '#ff0000', secondaryColor: '#00ff00' } },
    });
    expect(themed.status).toBe(200);
    expect((await client.get(`/api/games/${created.id}`)).body).toMatchObject({
      orientation: 'landscape',
      theme: { primaryColor: '#FF0000', secondaryColor: '#00FF00' },
    });
  });
});

describe('games isolation and bad input', () => {
  it("answers another owner's game exactly like a missing one, on every route, and changes nothing", async () => {
    await start();
    const alice = await signedInClient(server, 'alice@studio.test');
    const bob = await signedInClient(server, 'bob@studio.test');
    const alicesGame = await createGame(alice);
    const missing = await bob.get('/api/games/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    const requests = [
      bob.get(`/api/games/${alicesGame.id}`),
      bob.request(`/api/games/${alicesGame.id}/orientation`, { method: 'PATCH', json: { orientation: 'landscape' } }),
      bob.request(`/api/games/${alicesGame.id}/theme`, {
        method: 'PATCH',
        json: { theme: { primaryColor: '#000000', secondaryColor: '#000000' } },
      }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual(missing.body);
      expect(response.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
    }
    expect((await bob.get('/api/games')).body).toEqual([]);
    expect((await alice.get(`/api/games/${alicesGame.id}`)).body).toEqual(alicesGame);
  });

  it('refuses signed-out and unverified callers on every games route', async () => {
    await start();
    const anonymous = server.client();
    const unverified = server.client();
    await signUp(server, unverified, 'unverified@studio.test');
    for (const client of [anonymous, unverified]) {
      const responses = await Promise.all([
        client.get('/api/games'),
        client.post('/api/games', NEW_GAME),
        client.get('/api/games/x'),
        client.request('/api/games/x/orientation', { method: 'PATCH', json: { orientation: 'landscape' } }),
        client.get(LIVE_UPDATES_PATH),
      ]);
      for (const response of responses) {
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ message: API_MESSAGES.notSignedIn });
      }
    }
    expect(await gameCount()).toBe(0);
  });

  const huge = 'x'.repeat(10 * 1024);
  it.each([
    ['an empty name', { ...NEW_GAME, name: '' }, GAME_MESSAGES.nameRequired],
    ['a 10 KB name', { ...NEW_GAME, name: huge }, GAME_MESSAGES.nameTooLong],
    ['a 10 KB description', { ...NEW_GAME, description: huge }, GAME_MESSAGES.descriptionTooLong],
    ['no platforms', { ...NEW_GAME, platforms: [] }, GAME_MESSAGES.platformRequired],
    ['an unknown platform', { ...NEW_GAME, platforms: ['PlayStation'] }, GAME_MESSAGES.platformUnknown],
    ['platforms as a string', { ...NEW_GAME, platforms: 'iOS' }, GAME_MESSAGES.platformRequired],
    ['an orientation outside the two', { ...NEW_GAME, orientation: 'diagonal' }, GAME_MESSAGES.orientationInvalid],
    ['a number for a name', { ...NEW_GAME, name: 42 }, GAME_MESSAGES.nameRequired],
  ])('refuses a game with %s and stores nothing', async (_name, body, message) => {
    await start();
    const client = await signedInClient(server, 'bad@studio.test');
    const response = await client.post('/api/games', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await gameCount()).toBe(0);
  });

  it('refuses malformed JSON, bad orientations and colours that are not colours, changing nothing', async () => {
    await start();
    const client = await signedInClient(server, 'colours@studio.test');
    const created = await createGame(client);
    const responses = await Promise.all([
      client.request('/api/games', {
        method: 'POST',
        body: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      client.request(`/api/games/${created.id}/orientation`, { method: 'PATCH', json: { orientation: 'Portrait' } }),
      client.request(`/api/games/${created.id}/orientation`, { method: 'PATCH', json: {} }),
      client.request(`/api/games/${created.id}/theme`, {
        method: 'PATCH',
        json: { theme: { primaryColor: 'red', secondaryColor: '#000000' } },
      }),
      client.request(`/api/games/${created.id}/theme`, {
        method: 'PATCH',
        json: { theme: { primaryColor: '#000000', secondaryColor: '#00000g' } },
      }),
      client.request(`/api/games/${created.id}/theme`, { method: 'PATCH', json: { theme: 'dark' } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await client.get(`/api/games/${created.id}`)).body).toEqual(created);
  });
});

describe('live events', () => {
  it("delivers a write by one client to the same user's other streams, and never to another user's", async () => {
    await start();
    const alice = await signedInClient(server, 'live-alice@studio.test');
    const bob = await signedInClient(server, 'live-bob@studio.test');
    const aliceTab = await openEventStream(alice);
    const bobTab = await openEventStream(bob);
    cleanups.push(aliceTab.close, bobTab.close);
    expect(aliceTab.status).toBe(200);
    expect(aliceTab.contentType).toContain('text/event-stream');

    const created = await createGame(alice);
    const event = await aliceTab.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'games', id: created.id });

    await alice.request(`/api/games/${created.id}/orientation`, {
      method: 'PATCH',
      json: { orientation: 'landscape' },
    });
    await aliceTab.next((e) => e.event === 'change', 5000, aliceTab.events.indexOf(event) + 1);

    // Bob's own write shows up on his stream; Alice's two never did.
    await createGame(bob);
    await bobTab.next((e) => e.event === 'change');
    expect(bobTab.events.filter((e) => e.event === 'change')).toHaveLength(1);
    expect(aliceTab.events.filter((e) => e.event === 'change')).toHaveLength(2);
  });

  it('sends nothing for a refused write', async () => {
    await start();
    const client = await signedInClient(server, 'quiet@studio.test');
    const tab = await openEventStream(client);
    cleanups.push(tab.close);
    expect((await client.post('/api/games', { name: '' })).status).toBe(400);
    // A missing game is answered before its body is read.
    expect((await client.request('/api/games/nope/theme', { method: 'PATCH', json: {} })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tab.events.filter((e) => e.event === 'change')).toHaveLength(0);
  });

  // PGlite lives inside one process, so instances sharing it is no deployment; the PostgreSQL run covers this.
  it.skipIf(TEST_DATABASE_KIND === 'pglite')(
    'carries a write on one server instance to a stream on another that shares the database',
    async () => {
      const [one, two] = await servers.startTwoInstances();
      server = one;
      const writer = await signedInClient(one, 'two-instances@studio.test');
      // The same session cookie is valid on the second instance: sessions live in the shared database.
      const reader = two.client();
      reader.useSessionOf(writer);
      const tab = await openEventStream(reader);
      cleanups.push(tab.close);
      const created = await createGame(writer);
      const event = await tab.next((e) => e.event === 'change');
      expect(JSON.parse(event.data)).toEqual({ topic: 'games', id: created.id });
    },
  );
});
