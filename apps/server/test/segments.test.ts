import { describe, expect, it } from 'vitest';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { SEGMENT_MESSAGES, type Segment } from '@liveops/domain/segments';
import { segment } from '../src/db/schema';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import { rowCount } from './support/row-count';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
let server: TestServer;
const segmentCount = () => rowCount(server, segment);

async function setUp(email: string) {
  server = await servers.start();
  const client = await signedInClient(server, email);
  const game = (await client.post('/api/games', { name: 'Seg Game', description: 'x', platforms: ['iOS'] }))
    .body as Game;
  return { client, game };
}

const WHALES = { name: 'Whales', description: 'Big spenders', expression: 'player.totalSpend > 100.0' };

async function create(client: TestClient, gameId: string, body: object = WHALES) {
  return client.post(`/api/games/${gameId}/segments`, body);
}

describe('segments', () => {
  it('creates, lists, reads and deletes a segment, with logicType CEL and live events', async () => {
    const { client, game } = await setUp('segments@studio.test');
    const tab = await openEventStream(client);
    servers.cleanups.push(tab.close);
    const created = await create(client, game.id);
    expect(created.status).toBe(201);
    const body = created.body as Segment;
    expect(body).toMatchObject({ ...WHALES, gameId: game.id, logicType: 'CEL', enabled: true });
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'segments');

    expect((await client.get(`/api/games/${game.id}/segments`)).body).toEqual([body]);
    expect((await client.get(`/api/games/${game.id}/segments/${body.id}`)).body).toEqual(body);
    expect((await client.request(`/api/games/${game.id}/segments/${body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.get(`/api/games/${game.id}/segments`)).body).toEqual([]);
    expect((await client.get(`/api/games/${game.id}/segments/${body.id}`)).status).toBe(404);
  });

  it.each([
    ['no name', { ...WHALES, name: '' }, SEGMENT_MESSAGES.nameRequired],
    ['no expression', { ...WHALES, expression: '' }, SEGMENT_MESSAGES.expressionRequired],
    ['a 10 KB name', { ...WHALES, name: 'x'.repeat(10_240) }, SEGMENT_MESSAGES.nameTooLong],
    ['a 100 KB expression', { ...WHALES, expression: 'x'.repeat(60_000) }, SEGMENT_MESSAGES.expressionTooLong],
    ['a parse error', { ...WHALES, expression: 'player.level >' }, 'Unexpected token: EOF (line 1, column 15)'],
    ['an unknown field', { ...WHALES, expression: 'player.coins > 5' }, 'No such key: coins (line 1, column 8)'],
    ['an unknown function', { ...WHALES, expression: 'steal(player.level)' }, undefined],
    ['deep nesting', { ...WHALES, expression: `${'('.repeat(100)}true${')'.repeat(100)}` }, undefined],
    [
      'a regular expression',
      { ...WHALES, expression: 'player.country.matches("(a+)+$")' },
      SEGMENT_MESSAGES.matchesUnsupported,
    ],
    ['an expression as a number', { ...WHALES, expression: 42 }, SEGMENT_MESSAGES.expressionRequired],
  ])('refuses a segment with %s and stores nothing', async (_name, body, message) => {
    const { client, game } = await setUp('bad-seg@studio.test');
    const response = await create(client, game.id, body);
    expect(response.status).toBe(400);
    const text = (response.body as { message: string }).message;
    if (message) expect(text.startsWith(message)).toBe(true);
    else expect(text.length).toBeGreaterThan(0);
    expect(await segmentCount()).toBe(0);
  });

  it('refuses malformed JSON', async () => {
    const { client, game } = await setUp('json-seg@studio.test');
    const response = await client.request(`/api/games/${game.id}/segments`, {
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await segmentCount()).toBe(0);
  });

  it("answers another owner's game and segments like missing ones, changing nothing", async () => {
    const { client: alice, game } = await setUp('seg-alice@studio.test');
    const created = (await create(alice, game.id)).body as Segment;
    const bob = await signedInClient(server, 'seg-bob@studio.test');
    const bobsGame = (await bob.post('/api/games', { name: 'Bob', description: 'x', platforms: ['Web'] })).body as Game;
    const responses = await Promise.all([
      bob.get(`/api/games/${game.id}/segments`),
      bob.get(`/api/games/${game.id}/segments/${created.id}`),
      create(bob, game.id),
      bob.request(`/api/games/${game.id}/segments/${created.id}`, { method: 'DELETE' }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: GAME_MESSAGES.notFound });
    }
    // Alice's segment id under Bob's own game is not found either.
    const crossed = await bob.request(`/api/games/${bobsGame.id}/segments/${created.id}`, { method: 'DELETE' });
    expect(crossed.status).toBe(404);
    expect(await segmentCount()).toBe(1);
    expect((await server.client().get(`/api/games/${game.id}/segments`)).status).toBe(401);
  });
});
