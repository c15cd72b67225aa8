import { describe, expect, it } from 'vitest';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { INVENTORY_MESSAGES, type Item, type Pack } from '@liveops/domain/inventory';
import { item, pack } from '../src/db/schema';
import { signedInClient } from './support/accounts';
import { rowCount } from './support/row-count';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
let server: TestServer;

async function setUp(email: string) {
  server = await servers.start();
  const client = await signedInClient(server, email);
  return { client, game: await newGame(client) };
}

async function newGame(client: TestClient): Promise<Game> {
  return (await client.post('/api/games', { name: 'Inv Game', description: 'x', platforms: ['iOS'] })).body as Game;
}

const GOLD = { name: 'Gold', type: 'currency', value: 0.1, baseAmount: 100, iconId: 'coin' };
const SWORD = { name: 'Sword', type: 'game_item', value: 2.5, baseAmount: 1, iconId: 'sword' };

async function createItem(client: TestClient, gameId: string, body: object = GOLD): Promise<Item> {
  const response = await client.post(`/api/games/${gameId}/items`, body);
  expect(response.status).toBe(201);
  return response.body as Item;
}

async function createPack(client: TestClient, gameId: string, body: object) {
  return client.post(`/api/games/${gameId}/packs`, body);
}

describe('items', () => {
  it('creates, lists, edits and deletes an item', async () => {
    const { client, game } = await setUp('items@studio.test');
    const created = await createItem(client, game.id);
    expect(created).toMatchObject({ ...GOLD, gameId: game.id, assetRefId: null, assetName: null, enabled: true });
    expect((await client.get(`/api/games/${game.id}/items`)).body).toEqual([created]);

    const edited = await client.request(`/api/games/${game.id}/items/${created.id}`, {
      method: 'PATCH',
      json: { ...GOLD, name: 'Gems', value: 1.99, iconId: 'gem' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Gems', value: 1.99, iconId: 'gem' });
    expect((await client.request(`/api/games/${game.id}/items/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.get(`/api/games/${game.id}/items`)).body).toEqual([]);
  });

  it.each([
    ['a 10 KB name', { ...GOLD, name: 'x'.repeat(10_240) }, INVENTORY_MESSAGES.nameTooLong],
    ['no name', { ...GOLD, name: '' }, INVENTORY_MESSAGES.itemNameRequired],
    ['a negative value', { ...GOLD, value: -1 }, INVENTORY_MESSAGES.valueInvalid],
    ['a value of 1e308', { ...GOLD, value: 1e308 }, INVENTORY_MESSAGES.valueTooLarge],
    ['a value as a string', { ...GOLD, value: '5' }, INVENTORY_MESSAGES.valueInvalid],
    ['a fractional amount', { ...GOLD, baseAmount: 1.5 }, INVENTORY_MESSAGES.amountInvalid],
    ['a negative amount', { ...GOLD, baseAmount: -1 }, INVENTORY_MESSAGES.amountInvalid],
    ['an unknown type', { ...GOLD, type: 'weapon' }, INVENTORY_MESSAGES.typeInvalid],
    ['an unknown icon', { ...GOLD, iconId: 'dragon' }, INVENTORY_MESSAGES.iconInvalid],
    ['an asset of nobody', { ...GOLD, iconId: null, assetRefId: 'nope' }, INVENTORY_MESSAGES.assetNotFound],
  ])('refuses an item with %s and stores nothing', async (_name, body, message) => {
    const { client, game } = await setUp('bad-item@studio.test');
    const response = await client.post(`/api/games/${game.id}/items`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(await rowCount(server, item)).toBe(0);
  });

  it("uses an image from the game's assets as the icon, copying its name", async () => {
    const { client, game } = await setUp('icon@studio.test');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.set('name', 'Coin art');
    form.set('assetId', 'coinart');
    form.set('file', new Blob([png], { type: 'image/png' }), 'c.png');
    const uploaded = await fetch(new URL(`/api/games/${game.id}/assets`, server.url), {
      method: 'POST',
      headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const created = await createItem(client, game.id, { ...GOLD, iconId: null, assetRefId: 'coinart' });
    expect(created).toMatchObject({ iconId: null, assetRefId: 'coinart', assetName: 'Coin art' });
    expect(created.assetUrl).toMatch(/\/files\/assets\//);
  });
});

describe('packs', () => {
  it('computes the value on the server, ignores a claimed value, and follows item value changes', async () => {
    const { client, game } = await setUp('packs@studio.test');
    const gold = await createItem(client, game.id);
    const sword = await createItem(client, game.id, SWORD);
    const created = await createPack(client, game.id, {
      name: 'Starter',
      contents: [
        { itemId: gold.id, quantity: 3 },
        { itemId: sword.id, quantity: 2 },
      ],
      value: 999,
      iconId: 'gift',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Starter', value: 5.3, iconId: 'gift' });
    const id = (created.body as Pack).id;

    await client.request(`/api/games/${game.id}/items/${sword.id}`, { method: 'PATCH', json: { ...SWORD, value: 10 } });
    const [listed] = (await client.get(`/api/games/${game.id}/packs`)).body as Pack[];
    expect(listed?.value).toBe(20.3);

    const edited = await client.request(`/api/games/${game.id}/packs/${id}`, {
      method: 'PATCH',
      json: { name: 'Starter+', contents: [{ itemId: gold.id, quantity: 10 }] },
    });
    expect(edited.body).toMatchObject({ name: 'Starter+', value: 1 });
    expect((await client.request(`/api/games/${game.id}/packs/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.get(`/api/games/${game.id}/packs`)).body).toEqual([]);
  });

  it('refuses to delete an item a pack holds, naming the pack, and allows it once the pack is gone', async () => {
    const { client, game } = await setUp('integrity@studio.test');
    const gold = await createItem(client, game.id);
    const created = (
      await createPack(client, game.id, { name: 'Starter', contents: [{ itemId: gold.id, quantity: 1 }] })
    ).body as Pack;
    const refused = await client.request(`/api/games/${game.id}/items/${gold.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ITEM_IN_USE',
      message: 'This item is in pack "Starter". Remove it from that pack first.',
    });
    expect(await rowCount(server, item)).toBe(1);
    await client.request(`/api/games/${game.id}/packs/${created.id}`, { method: 'DELETE' });
    expect((await client.request(`/api/games/${game.id}/items/${gold.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('never lets a pack and the deletion of its item both succeed when they race', async () => {
    const { client, game } = await setUp('race@studio.test');
    for (let round = 0; round < 5; round++) {
      const gold = await createItem(client, game.id, { ...GOLD, name: `Gold ${round}` });
      const [saved, deleted] = await Promise.all([
        createPack(client, game.id, { name: `P${round}`, contents: [{ itemId: gold.id, quantity: 1 }] }),
        client.request(`/api/games/${game.id}/items/${gold.id}`, { method: 'DELETE' }),
      ]);
      expect([saved.status, deleted.status].sort()).not.toEqual([201, 204]);
    }
  });

  it.each([
    [
      'no name',
      (ids: string[]) => ({ name: '', contents: [{ itemId: ids[0], quantity: 1 }] }),
      INVENTORY_MESSAGES.packNameRequired,
    ],
    ['no items', () => ({ name: 'P', contents: [] }), INVENTORY_MESSAGES.packEmpty],
    [
      'an unknown item id',
      () => ({ name: 'P', contents: [{ itemId: 'nope', quantity: 1 }] }),
      INVENTORY_MESSAGES.unknownItems,
    ],
    [
      'a duplicate item',
      (ids: string[]) => ({
        name: 'P',
        contents: [
          { itemId: ids[0], quantity: 1 },
          { itemId: ids[0], quantity: 2 },
        ],
      }),
      INVENTORY_MESSAGES.packDuplicate,
    ],
    [
      'a zero quantity',
      (ids: string[]) => ({ name: 'P', contents: [{ itemId: ids[0], quantity: 0 }] }),
      INVENTORY_MESSAGES.quantityInvalid,
    ],
    [
      'a negative quantity',
      (ids: string[]) => ({ name: 'P', contents: [{ itemId: ids[0], quantity: -2 }] }),
      INVENTORY_MESSAGES.quantityInvalid,
    ],
    [
      'an item of another game',
      (ids: string[]) => ({ name: 'P', contents: [{ itemId: ids[1], quantity: 1 }] }),
      INVENTORY_MESSAGES.unknownItems,
    ],
  ])('refuses a pack with %s and stores nothing', async (_name, body, message) => {
    const { client, game } = await setUp('bad-pack@studio.test');
    const own = await createItem(client, game.id);
    const otherGame = await newGame(client);
    const foreign = await createItem(client, otherGame.id);
    const response = await createPack(client, game.id, body([own.id, foreign.id]));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(await rowCount(server, pack)).toBe(0);
  });
});

describe('inventory isolation', () => {
  it("answers another owner's game, items and packs like missing ones, and refuses their items in a pack", async () => {
    const { client: alice, game } = await setUp('inv-alice@studio.test');
    const gold = await createItem(alice, game.id);
    const alicePack = (await createPack(alice, game.id, { name: 'Mine', contents: [{ itemId: gold.id, quantity: 1 }] }))
      .body as Pack;
    const bob = await signedInClient(server, 'inv-bob@studio.test');
    const bobsGame = await newGame(bob);
    const responses = await Promise.all([
      bob.get(`/api/games/${game.id}/items`),
      bob.post(`/api/games/${game.id}/items`, GOLD),
      bob.request(`/api/games/${game.id}/items/${gold.id}`, { method: 'PATCH', json: GOLD }),
      bob.request(`/api/games/${game.id}/items/${gold.id}`, { method: 'DELETE' }),
      bob.get(`/api/games/${game.id}/packs`),
      bob.request(`/api/games/${game.id}/packs/${alicePack.id}`, { method: 'DELETE' }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: GAME_MESSAGES.notFound });
    }
    const stolen = await createPack(bob, bobsGame.id, { name: 'Stolen', contents: [{ itemId: gold.id, quantity: 1 }] });
    expect(stolen.status).toBe(400);
    const crossed = await bob.request(`/api/games/${bobsGame.id}/items/${gold.id}`, { method: 'PATCH', json: GOLD });
    expect(crossed.status).toBe(404);
    expect(await rowCount(server, item)).toBe(1);
    expect(await rowCount(server, pack)).toBe(1);
  });
});
