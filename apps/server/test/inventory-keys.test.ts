import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Game } from '@liveops/domain/games';
import { INVENTORY_KEY_MESSAGES, type Item, type Pack } from '@liveops/domain/inventory';
import { type ClaimResponse, type DailyRewardState } from '@liveops/domain/runtime-api';
import { signedInClient } from './support/accounts';
import { publishedRuntimeGame, RuntimeClient, serverCall, TestClock } from './support/runtime';
import { databaseBefore } from './support/migration-steps';
import { TEST_DATABASE_KIND } from './support/test-database';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
const GOLD = { name: 'Gold', type: 'currency', value: 0.1, baseAmount: 100, iconId: 'coin' };

async function newGame(client: Awaited<ReturnType<typeof signedInClient>>, name = 'Key Game'): Promise<Game> {
  return (await client.post('/api/games', { name, description: 'x', platforms: ['iOS'] })).body as Game;
}

describe('item and pack keys (decision 051)', () => {
  it('suggests a key from the name, unique in the game, takes a chosen one and refuses a taken one', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'keys-unique@studio.test');
    const game = await newGame(client);
    const other = await newGame(client, 'Other Game');
    const items = `/api/games/${game.id}/items`;
    const first = await client.post(items, GOLD);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ key: 'gold', keyFixed: false });
    expect((await client.post(items, GOLD)).body).toMatchObject({ key: 'gold_2' });
    expect((await client.post(items, { ...GOLD, name: 'Gem', key: 'premium_gem' })).body).toMatchObject({
      key: 'premium_gem',
    });
    const taken = await client.post(items, { ...GOLD, name: 'Coins', key: 'gold' });
    expect([taken.status, (taken.body as { code: string }).code]).toEqual([409, 'KEY_TAKEN']);
    expect((taken.body as { message: string }).message).toBe(INVENTORY_KEY_MESSAGES.keyTaken('item', 'gold'));
    const invalid = await client.post(items, { ...GOLD, key: 'Gold Coins' });
    expect([invalid.status, (invalid.body as { message: string }).message]).toEqual([
      400,
      INVENTORY_KEY_MESSAGES.keyInvalid,
    ]);
    expect(((await client.get(items)).body as Item[]).map((i) => i.key)).toEqual(['gold', 'gold_2', 'premium_gem']);
    // Another game has keys of its own.
    expect((await client.post(`/api/games/${other.id}/items`, GOLD)).body).toMatchObject({ key: 'gold' });

    // An edit may take a free key, not one another item has.
    const [gold, gold2] = (await client.get(items)).body as Item[];
    const clash = await client.request(`${items}/${gold2!.id}`, { method: 'PATCH', json: { ...GOLD, key: 'gold' } });
    expect([clash.status, (clash.body as { code: string }).code]).toEqual([409, 'KEY_TAKEN']);
    const renamed = await client.request(`${items}/${gold2!.id}`, {
      method: 'PATCH',
      json: { ...GOLD, key: 'silver' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ key: 'silver' });
    // Left out, the key stays.
    const kept = await client.request(`${items}/${gold!.id}`, { method: 'PATCH', json: { ...GOLD, name: 'Coins' } });
    expect(kept.body).toMatchObject({ name: 'Coins', key: 'gold' });

    const packs = `/api/games/${game.id}/packs`;
    const pack = { name: 'Gem Pack (small)', contents: [{ itemId: gold!.id, quantity: 5 }], iconId: 'gift' };
    expect((await client.post(packs, pack)).body).toMatchObject({ key: 'gem_pack_small', keyFixed: false });
    const packTaken = await client.post(packs, { ...pack, key: 'gem_pack_small' });
    expect([packTaken.status, (packTaken.body as { code: string }).code]).toEqual([409, 'KEY_TAKEN']);
    expect(((await client.get(packs)).body as Pack[]).length).toBe(1);
  });

  it('takes 0 as a base amount: a new player starts without that item', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'keys-base-zero@studio.test', { clock });
    const created = await setup.client.post(`/api/games/${setup.game.id}/items`, {
      ...GOLD,
      name: 'Premium Gem',
      baseAmount: 0,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ baseAmount: 0, key: 'premium_gem' });
    const player = new RuntimeClient(setup.server.url);
    expect((await player.signIn(setup.game.sdkKey, 'fresh')).status).toBe(200);
    const inventory = (await player.request('/v1/inventory')).body as { balances: { key: string }[] };
    expect(inventory.balances.map((b) => b.key).sort()).toEqual(['gems', 'gold']);
  });

  it('fixes the keys of published packs and their items, refusing a change with 409, and keeps them in a copy', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'keys-fixed@studio.test', { clock });
    const { client, game } = setup;
    const items = (await client.get(`/api/games/${game.id}/items`)).body as Item[];
    expect(items.map((i) => [i.key, i.keyFixed])).toEqual([
      ['gold', true],
      ['gems', true],
    ]);
    const refused = await client.request(`/api/games/${game.id}/items/${setup.gold.id}`, {
      method: 'PATCH',
      json: { ...GOLD, key: 'coins' },
    });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([
      409,
      INVENTORY_KEY_MESSAGES.keyFixed('item'),
    ]);
    // The same key, or none, still saves the rest.
    const same = await client.request(`/api/games/${game.id}/items/${setup.gold.id}`, {
      method: 'PATCH',
      json: { ...GOLD, name: 'Gold coins', key: 'gold' },
    });
    expect(same.status, same.text).toBe(200);
    const pack = setup.packs[0]!;
    const packRefused = await client.request(`/api/games/${game.id}/packs/${pack.id}`, {
      method: 'PATCH',
      json: { name: pack.name, contents: pack.contents, key: 'first_chest' },
    });
    expect([packRefused.status, (packRefused.body as { code: string }).code]).toEqual([409, 'KEY_FIXED']);
    // An item in no release stays editable.
    const fresh = (await client.post(`/api/games/${game.id}/items`, { ...GOLD, name: 'Ruby' })).body as Item;
    const changed = await client.request(`/api/games/${game.id}/items/${fresh.id}`, {
      method: 'PATCH',
      json: { ...GOLD, name: 'Ruby', key: 'red_ruby' },
    });
    expect(changed.body).toMatchObject({ key: 'red_ruby', keyFixed: false });

    const copy = (await client.post(`/api/games/${game.id}/duplicate`, {})).body as Game;
    const copied = (await client.get(`/api/games/${copy.id}/items`)).body as Item[];
    expect(copied.map((i) => [i.key, i.keyFixed])).toEqual([
      ['gold', false],
      ['gems', false],
      ['red_ruby', false],
    ]);
    const copiedPacks = (await client.get(`/api/games/${copy.id}/packs`)).body as Pack[];
    expect(copiedPacks.map((p) => p.key)).toEqual(setup.packs.map((p) => p.key));
  });

  it('answers keys beside ids on every /v1 route, and the server grant and consume take an item by key', async () => {
    // Server calls are signed with the real time: the server's clock must be near it.
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'keys-runtime@studio.test', { clock });
    const player = new RuntimeClient(setup.server.url);
    expect((await player.signIn(setup.game.sdkKey, 'keyed')).status).toBe(200);
    const listed = (await player.request('/v1/daily-rewards')).body as { dailyRewards: DailyRewardState[] };
    expect(listed.dailyRewards[0]!.pack).toMatchObject({
      id: setup.packs[0]!.id,
      key: 'day_1_chest',
      contents: [{ itemId: setup.gold.id, key: 'gold', quantity: 10 }],
    });
    const claim = await player.claim(setup.configs[0]!.id);
    expect(claim.status, claim.text).toBe(200);
    const claimed = claim.body as ClaimResponse;
    expect(claimed).toMatchObject({
      packId: setup.packs[0]!.id,
      packKey: 'day_1_chest',
      granted: [{ itemId: setup.gold.id, key: 'gold', quantity: 10 }],
    });
    expect(claimed.balances).toEqual(
      expect.arrayContaining([
        { itemId: setup.gold.id, key: 'gold', amount: 110 },
        { itemId: setup.gems.id, key: 'gems', amount: 1 },
      ]),
    );

    const call = (kind: 'grant' | 'consume', items: unknown) =>
      serverCall(setup.server, setup.game.sdkKey, setup.serverSecret, `/v1/server/wallet/${kind}`, {
        playerId: 'keyed',
        items,
      });
    const granted = await call('grant', [{ key: 'gems', quantity: 4 }]);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({ changed: [{ itemId: setup.gems.id, key: 'gems', quantity: 4 }] });
    expect((granted.body as { balances: unknown[] }).balances).toContainEqual({
      itemId: setup.gems.id,
      key: 'gems',
      amount: 5,
    });
    const consumed = await call('consume', [{ key: 'gold', quantity: 10 }]);
    expect(consumed.body).toMatchObject({ changed: [{ itemId: setup.gold.id, key: 'gold', quantity: -10 }] });
    const unknown = await call('grant', [{ key: 'platinum', quantity: 1 }]);
    expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([422, 'unknown_item']);
    const both = await call('grant', [{ itemId: setup.gems.id, key: 'gems', quantity: 1 }]);
    expect(both.status).toBe(400);
    const twice = await call('grant', [
      { itemId: setup.gems.id, quantity: 1 },
      { key: 'gems', quantity: 1 },
    ]);
    expect(twice.status).toBe(400);

    const inventory = (await player.request('/v1/inventory')).body as { balances: { key: string; amount: number }[] };
    expect(inventory.balances.map((b) => [b.key, b.amount]).sort()).toEqual([
      ['gems', 5],
      ['gold', 100],
    ]);
    const ledger = (await player.request('/v1/inventory/ledger')).body as {
      entries: { key: string; amount: number }[];
    };
    const keyed = ledger.entries.map((e) => [e.key, e.amount]);
    expect(keyed.slice(0, 3)).toEqual([
      ['gold', -10],
      ['gems', 4],
      ['gold', 10],
    ]);
    // The two base amounts are written in one statement, in no set order.
    expect(keyed.slice(3).sort()).toEqual([
      ['gems', 1],
      ['gold', 100],
    ]);
  });
});

describe(`the keys migration (${TEST_DATABASE_KIND})`, () => {
  it('gives existing items and packs keys from their names, unique per game, never empty', async () => {
    const database = await databaseBefore('_inventory_keys');
    try {
      const db = database.db;
      await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'U', 'u@studio.test', true, now(), now())`);
      for (const gameId of ['g1', 'g2']) {
        await db.execute(sql`insert into game (id, owner_id, name, description, platforms, orientation, sdk_key,
          server_secret, theme)
          values (${gameId}, 'u1', 'G', 'd', '["Web"]'::jsonb, 'portrait', ${`CSDK-${gameId}`}, 's', '{}'::jsonb)`);
      }
      const names: [string, string, string][] = [
        ['i1', 'g1', 'Gold'],
        ['i2', 'g1', 'gold'],
        ['i3', 'g1', 'Gold_2'],
        ['i4', 'g1', '💎'],
        ['i5', 'g1', '100 Gems'],
        ['i6', 'g1', `  ${'Long '.repeat(20)}`],
        ['i7', 'g2', 'Gold'],
      ];
      let second = 0;
      for (const [id, gameId, name] of names) {
        await db.execute(sql`insert into item (id, game_id, owner_id, name, type, value_cents, base_amount,
          created_at, updated_at)
          values (${id}, ${gameId}, 'u1', ${name}, 'currency', 100, 1,
          ${new Date(Date.UTC(2026, 0, 1, 0, 0, second++)).toISOString()}::timestamptz, now())`);
      }
      await db.execute(sql`insert into pack (id, game_id, owner_id, name, contents, created_at, updated_at)
        values ('p1', 'g1', 'u1', 'Gem Pack (small)', '[]'::jsonb, now(), now()),
               ('p2', 'g1', 'u1', '!!!', '[]'::jsonb, now(), now())`);

      await database.finish();
      const rows = async (table: 'item' | 'pack') =>
        Object.fromEntries(
          (
            (await db.execute(sql`select id, key, key_fixed from ${sql.identifier(table)} order by id`)) as unknown as {
              rows: { id: string; key: string; key_fixed: boolean }[];
            }
          ).rows.map((row) => [row.id, [row.key, row.key_fixed]]),
        );
      const items = await rows('item');
      expect(items).toMatchObject({
        i1: ['gold', false],
        i2: ['gold_2', false],
        i4: ['item', false],
        i5: ['item_100_gems', false],
        i7: ['gold', false],
      });
      // "Gold_2" met the numbered "gold" of i2: it gets its id's first letters and digits.
      expect(items.i3![0]).toBe('gold_2_i3');
      expect(items.i6![0]).toBe('long_'.repeat(13).slice(0, 64).replace(/_+$/, ''));
      expect(await rows('pack')).toEqual({ p1: ['gem_pack_small', false], p2: ['pack', false] });
      // The keys are now required and unique per game.
      await expect(
        db.execute(sql`insert into item (id, game_id, owner_id, name, key, type, value_cents, base_amount)
          values ('i8', 'g1', 'u1', 'Gold', 'gold', 'currency', 100, 1)`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
