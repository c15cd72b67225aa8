import { describe, expect, it } from 'vitest';
import {
  DAILY_REWARD_MESSAGES,
  missingDaysMessage,
  packInUseMessage,
  type DailyReward,
} from '@liveops/domain/daily-rewards';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { type Item, type Pack } from '@liveops/domain/inventory';
import { LAYOUT_MESSAGES, type LayoutNode } from '@liveops/domain/layout';
import { EmbedConfigSchema, type EmbedConfigInput } from '@liveops/domain/popup';
import { TEXT_MESSAGES } from '@liveops/domain/shared';
import { dailyReward, pack } from '../src/db/schema';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import { rowCount } from './support/row-count';
import type { TestClient } from './support/test-client';
import { TEST_DATABASE_KIND } from './support/test-database';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
let server: TestServer;

type Setup = { client: TestClient; game: Game; packs: Pack[] };

/** A signed-in owner with a game, one item and two packs of it; on a new server unless `sameServer`. */
async function setUp(email: string, sameServer = false): Promise<Setup> {
  if (!sameServer) server = await servers.start();
  const client = await signedInClient(server, email);
  const game = (await client.post('/api/games', { name: 'Rewards Game', description: 'x', platforms: ['iOS'] }))
    .body as Game;
  const item = (
    await client.post(`/api/games/${game.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 })
  ).body as Item;
  const packs: Pack[] = [];
  for (const name of ['Small Chest', 'Big Chest']) {
    const created = await client.post(`/api/games/${game.id}/packs`, {
      name,
      contents: [{ itemId: item.id, quantity: name === 'Small Chest' ? 10 : 50 }],
    });
    expect(created.status).toBe(201);
    packs.push(created.body as Pack);
  }
  return { client, game, packs };
}

const base = (game: Game) => `/api/games/${game.id}/daily-rewards`;
const week = (packIds: string[]) =>
  Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: packIds[i % packIds.length]! }));

async function create(s: Setup, body: object = {}) {
  const response = await s.client.post(base(s.game), body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as DailyReward;
}
const patch = (s: Setup, id: string, json: unknown) =>
  s.client.request(`${base(s.game)}/${id}`, { method: 'PATCH', json });
const putLayout = (s: Setup, id: string, json: unknown) =>
  s.client.request(`${base(s.game)}/${id}/layout`, { method: 'PUT', json });
const stored = async (id: string) => (await server.database.db.select().from(dailyReward)).find((r) => r.id === id);

describe('daily rewards', () => {
  it('creates "Daily Reward N" configs with 7 empty days, lists them oldest first, and announces each change', async () => {
    const s = await setUp('rewards-create@studio.test');
    const tab = await openEventStream(s.client);
    servers.cleanups.push(tab.close);
    const first = await create(s);
    expect(first).toMatchObject({ name: 'Daily Reward 1', cycleDays: 7, rewards: [], uiLayout: null, enabled: true });
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'dailyRewards');
    const second = await create(s);
    expect(second.name).toBe('Daily Reward 2');
    const named = await create(s, { name: '  Launch Week  ' });
    expect(named.name).toBe('Launch Week');
    expect(((await s.client.get(base(s.game))).body as DailyReward[]).map((r) => r.name)).toEqual([
      'Daily Reward 1',
      'Daily Reward 2',
      'Launch Week',
    ]);
    // After a deletion the next default name does not repeat one still in use.
    expect((await s.client.request(`${base(s.game)}/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await create(s)).name).toBe('Daily Reward 3');
  });

  it('renames inline and saves all 7 days at once, keeping what was not sent', async () => {
    const s = await setUp('rewards-save@studio.test');
    const config = await create(s);
    const renamed = await patch(s, config.id, { name: 'Spring Week' });
    expect(renamed.status).toBe(200);
    const rewards = week(s.packs.map((p) => p.id));
    const saved = await patch(s, config.id, { rewards: [...rewards].reverse(), cycleDays: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Spring Week', rewards, cycleDays: 7 });
    expect((await stored(config.id))?.rewards).toEqual(rewards);
  });

  it.each([
    ['6 days', { rewards: week(['P']).slice(0, 6), cycleDays: 7 }, missingDaysMessage([7])],
    [
      '8 days',
      { rewards: [...week(['P']), { day: 7, packId: 'P' }], cycleDays: 7 },
      DAILY_REWARD_MESSAGES.dayDuplicate,
    ],
    [
      'day 0',
      { rewards: [{ day: 0, packId: 'P' }, ...week(['P']).slice(1)], cycleDays: 7 },
      DAILY_REWARD_MESSAGES.dayInvalid,
    ],
    [
      'day 9',
      { rewards: [...week(['P']).slice(0, 6), { day: 9, packId: 'P' }], cycleDays: 7 },
      DAILY_REWARD_MESSAGES.dayInvalid,
    ],
    [
      'a day twice',
      { rewards: [...week(['P']).slice(0, 6), { day: 1, packId: 'P' }], cycleDays: 7 },
      DAILY_REWARD_MESSAGES.dayDuplicate,
    ],
    ['no cycleDays', { rewards: week(['P']) }, DAILY_REWARD_MESSAGES.rewardsWithCycleDays],
    ['cycleDays 6', { rewards: week(['P']), cycleDays: 6 }, DAILY_REWARD_MESSAGES.cycleDaysInvalid],
    ['a blank name', { name: '   ' }, DAILY_REWARD_MESSAGES.nameEmpty],
    ['a zero-width name', { name: '\u200b\u200b' }, DAILY_REWARD_MESSAGES.nameEmpty],
    ['a 61-character name', { name: 'x'.repeat(61) }, DAILY_REWARD_MESSAGES.nameTooLong],
    ['a number for a name', { name: 7 }, undefined],
    ['nothing to change', {}, DAILY_REWARD_MESSAGES.updateEmpty],
    ['an unknown field', { name: 'Ok', ownerId: 'someone' }, undefined],
  ])('refuses a save with %s, changing nothing', async (_label, body, message) => {
    const s = await setUp(`rewards-bad-${_label.replace(/\W+/g, '-')}@studio.test`);
    const config = await create(s);
    const pid = s.packs[0]!.id;
    const sent = JSON.parse(JSON.stringify(body).replaceAll('"P"', JSON.stringify(pid))) as object;
    const before = await stored(config.id);
    const response = await patch(s, config.id, sent);
    expect(response.status).toBe(400);
    if (message) expect(response.body).toMatchObject({ message });
    else expect(response.body).toMatchObject({ message: expect.any(String) });
    expect(await stored(config.id)).toEqual(before);
  });

  it('refuses packs that are not this game’s: unknown ids, another game’s and another owner’s', async () => {
    const s = await setUp('rewards-foreign@studio.test');
    const config = await create(s);
    const otherGame = await setUpSecondGame(s.client);
    const other = await setUp('rewards-foreign-other@studio.test', true);
    for (const foreign of ['no-such-pack', otherGame.packId, other.packs[0]!.id]) {
      const response = await patch(s, config.id, { rewards: week([s.packs[0]!.id, foreign]), cycleDays: 7 });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: DAILY_REWARD_MESSAGES.unknownPacks });
    }
    expect((await stored(config.id))?.rewards).toEqual([]);
  });

  it('answers another owner’s config, or one of another game, as not found, and leaves it untouched', async () => {
    const alice = await setUp('rewards-alice@studio.test');
    const config = await create(alice, { name: 'Alice Week' });
    const bob = await setUp('rewards-bob@studio.test', true);
    const before = await stored(config.id);
    const paths = [`${base(bob.game)}/${config.id}`, `${base(bob.game)}/${config.id}/layout`];
    expect((await bob.client.request(paths[0]!, { method: 'PATCH', json: { name: 'Stolen' } })).status).toBe(404);
    expect((await bob.client.request(paths[1]!, { method: 'PUT', json: { uiLayout: ROOT } })).status).toBe(404);
    expect((await bob.client.request(paths[0]!, { method: 'DELETE' })).status).toBe(404);
    const foreignGame = await bob.client.get(base(alice.game));
    expect(foreignGame.status).toBe(404);
    expect(foreignGame.body).toMatchObject({ message: GAME_MESSAGES.notFound });
    expect(JSON.stringify((await bob.client.get(base(bob.game))).body)).not.toContain('Alice Week');
    expect(await stored(config.id)).toEqual(before);
  });

  it('refuses to delete a pack a daily reward gives, naming the config, and allows it once reassigned', async () => {
    const s = await setUp('rewards-pack-in-use@studio.test');
    const config = await create(s, { name: 'Holiday Week' });
    const [small, big] = s.packs as [Pack, Pack];
    expect((await patch(s, config.id, { rewards: week([small.id, big.id]), cycleDays: 7 })).status).toBe(200);
    const refused = await s.client.request(`/api/games/${s.game.id}/packs/${big.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'PACK_IN_USE', message: packInUseMessage(['Holiday Week']) });
    expect(await rowCount(server, pack)).toBeGreaterThanOrEqual(2);
    expect((await patch(s, config.id, { rewards: week([small.id]), cycleDays: 7 })).status).toBe(200);
    expect((await s.client.request(`/api/games/${s.game.id}/packs/${big.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it.runIf(TEST_DATABASE_KIND === 'postgres')(
    'never stores a pack deleted while a save that gives it runs: one of the two is refused',
    async () => {
      const s = await setUp('rewards-race@studio.test');
      const config = await create(s);
      const [small, big] = s.packs as [Pack, Pack];
      const [saved, deleted] = await Promise.all([
        patch(s, config.id, { rewards: week([small.id, big.id]), cycleDays: 7 }),
        s.client.request(`/api/games/${s.game.id}/packs/${big.id}`, { method: 'DELETE' }),
      ]);
      expect([saved.status, deleted.status].sort()).not.toEqual([200, 204]);
      const row = await stored(config.id);
      const packIds = new Set((await server.database.db.select({ id: pack.id }).from(pack)).map((p) => p.id));
      for (const entry of row?.rewards ?? []) expect(packIds.has(entry.packId)).toBe(true);
    },
  );

  it('saves a layout through the layout schema and returns it; refuses unsafe or oversized ones, storing nothing', async () => {
    const s = await setUp('rewards-layout@studio.test');
    const config = await create(s);
    const layout: LayoutNode = {
      id: 'root',
      type: 'Root',
      props: {},
      children: [{ id: 't1', type: 'TextCB', label: 'Title', props: { value: '<img src=x onerror=alert(1)>' } }],
    };
    const saved = await putLayout(s, config.id, { uiLayout: layout });
    expect(saved.status).toBe(200);
    expect((saved.body as DailyReward).uiLayout).toEqual(layout);

    const image = (src: string) => ({ ...ROOT, children: [{ id: 'i', type: 'ImageCB', props: { src } }] });
    const styled = (style: object) => ({ ...ROOT, children: [{ id: 't', type: 'TextCB', props: { style } }] });
    let deep: object = { id: 'leaf', type: 'TextCB', props: {} };
    for (let i = 0; i < 1000; i++) deep = { id: `n${i}`, type: 'GridCB', props: {}, children: [deep] };
    const wide = {
      ...ROOT,
      children: Array.from({ length: 100_000 }, (_, i) => ({ id: `n${i}`, type: 'TextCB', props: {} })),
    };
    const refusals: [string, unknown, number][] = [
      ['a javascript: image', image('javascript:alert(1)'), 400],
      ['an html data: image', image('data:text/html,<b>x</b>'), 400],
      ['a fixed position', styled({ position: 'fixed' }), 400],
      ['a url() in a style', styled({ background: 'url(javascript:alert(1))' }), 400],
      ['an unknown type', { ...ROOT, children: [{ id: 's', type: 'Script', props: {} }] }, 400],
      ['no layout', {}, 400],
      ['a string', { uiLayout: 'root' }, 400],
      ['depth 1,000', deep, 400],
      ['100,000 nodes', wide, 413],
      ['5 MB', { ...ROOT, props: { value: 'x'.repeat(5 * 1024 * 1024) } }, 413],
    ];
    for (const [label, uiLayout, status] of refusals) {
      const body = label === 'no layout' ? {} : label === 'a string' ? uiLayout : { uiLayout };
      const response = await putLayout(s, config.id, body);
      expect(response.status, label).toBe(status);
      expect(response.body, label).toMatchObject({ message: expect.any(String) });
      expect((await stored(config.id))?.uiLayout, label).toEqual(layout);
    }
    const tooDeep = await putLayout(s, config.id, { uiLayout: deep });
    expect([LAYOUT_MESSAGES.tooDeep, TEXT_MESSAGES.tooDeep]).toContain((tooDeep.body as { message: string }).message);
  });

  it('gives the config with the packs its days give, the assets its layout names and the game’s theme', async () => {
    const s = await setUp('rewards-embed@studio.test');
    const config = await create(s, { name: 'Embed Week' });
    const [small] = s.packs as [Pack, Pack];
    expect((await patch(s, config.id, { rewards: week([small.id]), cycleDays: 7 })).status).toBe(200);
    const form = new FormData();
    form.set('name', 'Banner Art');
    form.set('assetId', 'banner01');
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'banner.png');
    const uploaded = await fetch(new URL(`/api/games/${s.game.id}/assets`, server.url), {
      method: 'POST',
      headers: { cookie: s.client.cookieHeader(), origin: server.config.publicUrl },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const layout = { ...ROOT, children: [{ id: 'art', type: 'ImageCB', props: { src: 'asset:banner01' } }] };
    expect((await putLayout(s, config.id, { uiLayout: layout })).status).toBe(200);

    const answer = await s.client.get(`${base(s.game)}/${config.id}/embed-config`);
    expect(answer.status).toBe(200);
    const embed = answer.body as EmbedConfigInput;
    expect(embed).toMatchObject({ id: config.id, name: 'Embed Week', cycleDays: 7, uiLayout: layout });
    // The owner's account id stays private: the emulator's URL and init message are made of this (decision 030).
    expect(embed).not.toHaveProperty('ownerId');
    expect(embed.uiTheme).toEqual(s.game.theme);
    // The game's orientation rides along (decision 023): the popup's default layout and width follow it.
    expect(embed.orientation).toBe(s.game.orientation);
    expect(embed.packs?.map((p) => [p.id, p.name, p.value])).toEqual([[small.id, 'Small Chest', small.value]]);
    // Each content names its item and its icon (an item's default), so the card can say what it gives (decision 052).
    expect(embed.packs?.[0]?.contents).toEqual([
      { itemId: small.contents[0]!.itemId, quantity: 10, name: 'Gold', iconId: 'coin' },
    ]);
    expect(embed.assets?.map((a) => a.assetId)).toEqual(['banner01']);
    expect(EmbedConfigSchema.safeParse(embed).success).toBe(true);
    const turned = await s.client.request(`/api/games/${s.game.id}/orientation`, {
      method: 'PATCH',
      json: { orientation: 'landscape' },
    });
    expect(turned.status).toBe(200);
    const landscape = await s.client.get(`${base(s.game)}/${config.id}/embed-config`);
    expect((landscape.body as EmbedConfigInput).orientation).toBe('landscape');
    const image = await fetch(embed.assets![0]!.url);
    expect(image.status).toBe(200);

    const other = await setUp('rewards-embed-other@studio.test', true);
    expect((await other.client.get(`${base(other.game)}/${config.id}/embed-config`)).status).toBe(404);
    expect((await other.client.get(`${base(s.game)}/${config.id}/embed-config`)).status).toBe(404);
  });

  it('refuses a layout save based on an older version, answering the current config; saving without one overwrites', async () => {
    const s = await setUp('rewards-layout-version@studio.test');
    const config = await create(s);
    expect(config.layoutVersion).toBe(0);
    const mine = { ...ROOT, children: [{ id: 't', type: 'TextCB', props: { value: 'Mine' } }] };
    const theirs = { ...ROOT, children: [{ id: 't', type: 'TextCB', props: { value: 'Theirs' } }] };
    const first = await putLayout(s, config.id, { uiLayout: theirs, baseVersion: 0 });
    expect(first.status).toBe(200);
    expect((first.body as DailyReward).layoutVersion).toBe(1);
    const stale = await putLayout(s, config.id, { uiLayout: mine, baseVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'LAYOUT_CONFLICT',
      message: DAILY_REWARD_MESSAGES.layoutConflict,
      current: { id: config.id, layoutVersion: 1, uiLayout: theirs },
    });
    expect((await stored(config.id))?.uiLayout).toEqual(theirs);
    const overwritten = await putLayout(s, config.id, { uiLayout: mine });
    expect(overwritten.status).toBe(200);
    expect(overwritten.body).toMatchObject({ layoutVersion: 2, uiLayout: mine });
    for (const baseVersion of [-1, 1.5, '2', null]) {
      expect((await putLayout(s, config.id, { uiLayout: mine, baseVersion })).status, String(baseVersion)).toBe(400);
    }
  });

  it.runIf(TEST_DATABASE_KIND === 'postgres')(
    'lets exactly one of two saves from the same version through',
    async () => {
      const s = await setUp('rewards-layout-race@studio.test');
      const config = await create(s);
      const layouts = ['A', 'B'].map((value) => ({
        ...ROOT,
        children: [{ id: 't', type: 'TextCB', props: { value } }],
      }));
      const answers = await Promise.all(
        layouts.map((uiLayout) => putLayout(s, config.id, { uiLayout, baseVersion: 0 })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = layouts[answers.findIndex((a) => a.status === 200)];
      expect((await stored(config.id))?.uiLayout).toEqual(winner);
    },
  );

  it('finds a config by its id alone for its owner (the UI editor’s address), and for nobody else', async () => {
    const s = await setUp('rewards-by-id@studio.test');
    const config = await create(s, { name: 'Editor Week' });
    const found = await s.client.get(`/api/daily-rewards/${config.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(config);
    const other = await setUp('rewards-by-id-other@studio.test', true);
    const refused = await other.client.get(`/api/daily-rewards/${config.id}`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('Editor Week');
    expect((await server.client().get(`/api/daily-rewards/${config.id}`)).status).toBe(401);
    expect((await s.client.get('/api/daily-rewards/no-such-config')).status).toBe(404);
  });

  it('deletes a config, which then answers not found', async () => {
    const s = await setUp('rewards-delete@studio.test');
    const config = await create(s);
    expect((await s.client.request(`${base(s.game)}/${config.id}`, { method: 'DELETE' })).status).toBe(204);
    const again = await s.client.request(`${base(s.game)}/${config.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: DAILY_REWARD_MESSAGES.notFound });
    expect(await stored(config.id)).toBeUndefined();
  });
});

const ROOT = { id: 'root', type: 'Root', props: {}, children: [] };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A second game of the same owner with a pack of its own. */
async function setUpSecondGame(client: TestClient) {
  const game = (await client.post('/api/games', { name: 'Second Game', description: 'x', platforms: ['Web'] }))
    .body as Game;
  const item = (
    await client.post(`/api/games/${game.id}/items`, { name: 'Gems', type: 'currency', value: 2, baseAmount: 1 })
  ).body as Item;
  const created = (
    await client.post(`/api/games/${game.id}/packs`, { name: 'Gem Pack', contents: [{ itemId: item.id, quantity: 1 }] })
  ).body as Pack;
  return { gameId: game.id, packId: created.id };
}
