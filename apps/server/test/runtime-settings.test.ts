import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain/daily-rewards';
import { GAME_MESSAGES, SDK_KEY_PATTERN, type Game } from '@liveops/domain/games';
import { API_MESSAGES } from '@liveops/domain/shared';
import { dailyReward, game } from '../src/db/schema';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/**
 * The dashboard's side of the player runtime (decision 035): regenerating the SDK key, revealing and rotating the
 * server secret, the "Require signed player ids" switch, and each daily reward's day rules.
 */

const servers = useTestServers();
let server: TestServer;

const NEW_GAME = { name: 'Runtime Game', description: 'Has players', platforms: ['Web'] };
const SECRET_PATTERN = /^ss_[0-9a-f]{64}$/;

async function owner(email: string, sameServer = false): Promise<{ client: TestClient; game: Game }> {
  if (!sameServer) server = await servers.start();
  const client = await signedInClient(server, email);
  const created = await client.post('/api/games', NEW_GAME);
  expect(created.status).toBe(201);
  return { client, game: created.body as Game };
}

const storedGame = async (id: string) => (await server.database.db.select().from(game).where(eq(game.id, id)))[0];
const storedReward = async (id: string) =>
  (await server.database.db.select().from(dailyReward).where(eq(dailyReward.id, id)))[0];
const patchGame = (client: TestClient, id: string, json: unknown) =>
  client.request(`/api/games/${id}`, { method: 'PATCH', json });

describe('the SDK key and the server secret on Game Profile', () => {
  it('regenerates the SDK key: a new key of the same form, shown wherever the game is, and announced', async () => {
    const { client, game: created } = await owner('runtime-key@studio.test');
    const tab = await openEventStream(client);
    servers.cleanups.push(tab.close);

    const answer = await client.request(`/api/games/${created.id}/sdk-key`, { method: 'POST' });
    expect(answer.status).toBe(200);
    const regenerated = answer.body as Game;
    expect(regenerated.sdkKey).toMatch(SDK_KEY_PATTERN);
    expect(regenerated.sdkKey).not.toBe(created.sdkKey);
    expect({ ...regenerated, sdkKey: created.sdkKey, updatedAt: created.updatedAt }).toEqual(created);
    expect((await storedGame(created.id))?.sdkKey).toBe(regenerated.sdkKey);
    expect((await client.get(`/api/games/${created.id}`)).body).toEqual(regenerated);
    const list = await client.get('/api/games');
    expect(list.body).toEqual([regenerated]);
    expect(list.text).not.toContain(created.sdkKey);
    const event = await tab.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'games', id: created.id });
  });

  it('answers the server secret only when asked for it, never in any other answer about the game', async () => {
    const { client, game: created } = await owner('runtime-secret@studio.test');
    const secret = (await storedGame(created.id))?.serverSecret ?? '';
    expect(secret).toMatch(SECRET_PATTERN);

    const revealed = await client.get(`/api/games/${created.id}/server-secret`);
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({ serverSecret: secret });
    expect(revealed.headers.get('cache-control')).toBe('no-store');

    const duplicate = await client.post(`/api/games/${created.id}/duplicate`, {});
    expect(duplicate.status).toBe(201);
    const copy = duplicate.body as Game;
    const copySecret = (await storedGame(copy.id))?.serverSecret ?? '';
    expect(copySecret).toMatch(SECRET_PATTERN);
    expect(copySecret, 'a staging copy is another game to the runtime: its own secret').not.toBe(secret);

    const answers = [
      (await client.post('/api/games', { ...NEW_GAME, name: 'Second' })).text,
      duplicate.text,
      (await client.get('/api/games')).text,
      (await client.get(`/api/games/${created.id}`)).text,
      (await client.get(`/api/games/${copy.id}`)).text,
      (await patchGame(client, created.id, { ...NEW_GAME, name: 'Renamed' })).text,
      (await patchGame(client, created.id, { requireSignedPlayerIds: true })).text,
      (
        await client.request(`/api/games/${created.id}/orientation`, {
          method: 'PATCH',
          json: { orientation: 'landscape' },
        })
      ).text,
      (await client.request(`/api/games/${created.id}/sdk-key`, { method: 'POST' })).text,
    ];
    for (const text of answers) {
      expect(text).toContain('"sdkKey"');
      expect(text).not.toContain(secret);
      expect(text).not.toContain(copySecret);
      expect(text).not.toContain('serverSecret');
      expect(text).not.toMatch(/ss_[0-9a-f]{64}/);
    }
  });

  it('rotates the server secret: a new one, answered, stored and announced, and the old one gone', async () => {
    const { client, game: created } = await owner('runtime-rotate@studio.test');
    const before = await storedGame(created.id);
    const tab = await openEventStream(client);
    servers.cleanups.push(tab.close);

    const rotated = await client.request(`/api/games/${created.id}/server-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const { serverSecret } = rotated.body as { serverSecret: string };
    expect(serverSecret).toMatch(SECRET_PATTERN);
    expect(serverSecret).not.toBe(before?.serverSecret);
    const after = await storedGame(created.id);
    expect(after?.serverSecret).toBe(serverSecret);
    expect(after?.sdkKey, 'rotating the secret leaves the SDK key').toBe(before?.sdkKey);
    expect((await client.get(`/api/games/${created.id}/server-secret`)).body).toEqual({ serverSecret });
    const event = await tab.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'games', id: created.id });

    const again = (await client.request(`/api/games/${created.id}/server-secret`, { method: 'POST' })).body as {
      serverSecret: string;
    };
    expect(again.serverSecret).not.toBe(serverSecret);
  });

  it('turns "Require signed player ids" on and off through the game update, alone or with the details', async () => {
    const { client, game: created } = await owner('runtime-switch@studio.test');
    expect(created.requireSignedPlayerIds).toBe(false);
    const tab = await openEventStream(client);
    servers.cleanups.push(tab.close);

    const on = await patchGame(client, created.id, { requireSignedPlayerIds: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ requireSignedPlayerIds: true, name: NEW_GAME.name, platforms: ['Web'] });
    expect((await storedGame(created.id))?.requireSignedPlayerIds).toBe(true);
    expect(((await client.get(`/api/games/${created.id}`)).body as Game).requireSignedPlayerIds).toBe(true);
    const event = await tab.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'games', id: created.id });

    const both = await patchGame(client, created.id, {
      name: 'Signed Game',
      description: 'Signed ids only',
      platforms: ['iOS'],
      requireSignedPlayerIds: false,
    });
    expect(both.body).toMatchObject({ name: 'Signed Game', platforms: ['iOS'], requireSignedPlayerIds: false });
    // The details alone leave the switch as it is.
    await patchGame(client, created.id, { requireSignedPlayerIds: true });
    const details = await patchGame(client, created.id, { ...NEW_GAME, name: 'Details Only' });
    expect(details.body).toMatchObject({ name: 'Details Only', requireSignedPlayerIds: true });
  });

  it.each([
    ['a string for the switch', { requireSignedPlayerIds: 'true' }, GAME_MESSAGES.requireSignedPlayerIdsInvalid],
    ['null for the switch', { requireSignedPlayerIds: null }, GAME_MESSAGES.requireSignedPlayerIdsInvalid],
    ['nothing to change', {}, GAME_MESSAGES.updateEmpty],
    ['only unknown fields', { serverSecret: 'ss_mine', sdkKey: 'CSDK-AAAAAAAAAAAAAAAA' }, GAME_MESSAGES.updateEmpty],
    [
      'a name without the other details',
      { name: 'Half', requireSignedPlayerIds: true },
      GAME_MESSAGES.descriptionRequired,
    ],
  ])('refuses a game update with %s, changing nothing', async (_label, body, message) => {
    const { client, game: created } = await owner(`runtime-bad-${_label.replace(/\W+/g, '-')}@studio.test`);
    const before = await storedGame(created.id);
    const answer = await patchGame(client, created.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await storedGame(created.id)).toEqual(before);
  });

  it('answers another owner’s game as a missing one on every runtime route, changing and showing nothing', async () => {
    const alice = await owner('runtime-alice@studio.test');
    const bob = await owner('runtime-bob@studio.test', true);
    const before = await storedGame(alice.game.id);
    const aliceTab = await openEventStream(alice.client);
    servers.cleanups.push(aliceTab.close);
    const requests: [string, string, unknown?][] = [
      ['POST', `/api/games/${alice.game.id}/sdk-key`],
      ['GET', `/api/games/${alice.game.id}/server-secret`],
      ['POST', `/api/games/${alice.game.id}/server-secret`],
      ['PATCH', `/api/games/${alice.game.id}`, { requireSignedPlayerIds: true }],
    ];
    for (const [method, path, json] of requests) {
      const answer = await bob.client.request(path, { method, ...(json === undefined ? {} : { json }) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
      const missing = await bob.client.request(path.replace(alice.game.id, '00000000-0000-4000-8000-000000000000'), {
        method,
        ...(json === undefined ? {} : { json }),
      });
      expect(missing.body, 'another owner’s game answers like a missing one').toEqual(answer.body);
      expect(answer.text).not.toContain(before?.serverSecret ?? 'unset');
      expect(answer.text).not.toContain(alice.game.sdkKey);
    }
    expect(await storedGame(alice.game.id)).toEqual(before);
    // Bob's own game is where his changes go: the first event Alice's tab sees is her own.
    await alice.client.request(`/api/games/${alice.game.id}/sdk-key`, { method: 'POST' });
    const event = await aliceTab.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'games', id: alice.game.id });
  });

  it('refuses the runtime routes signed out and from another site, changing nothing', async () => {
    const { client, game: created } = await owner('runtime-origin@studio.test');
    const before = await storedGame(created.id);
    for (const path of [`/api/games/${created.id}/sdk-key`, `/api/games/${created.id}/server-secret`]) {
      const forged = await client.request(path, { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({ code: 'UNTRUSTED_ORIGIN', message: API_MESSAGES.untrustedOrigin });
      const anonymous = await server.client().request(path, { method: 'POST' });
      expect(anonymous.status).toBe(401);
    }
    const reveal = await server.client().get(`/api/games/${created.id}/server-secret`);
    expect(reveal.status).toBe(401);
    expect(reveal.text).not.toContain(before?.serverSecret ?? 'unset');
    expect(await storedGame(created.id)).toEqual(before);
  });
});

describe('a daily reward’s day rules', () => {
  async function withConfig(email: string, sameServer = false) {
    const { client, game: created } = await owner(email, sameServer);
    const config = (await client.post(`/api/games/${created.id}/daily-rewards`, {})).body as DailyReward;
    const path = `/api/games/${created.id}/daily-rewards/${config.id}`;
    return { client, game: created, config, path };
  }

  it('starts a config at the player’s midnight, keeping progress, shown as dayStart and missedDay', async () => {
    const { client, game: created, config } = await withConfig('rules-defaults@studio.test');
    expect(config).toMatchObject({ dayStart: { kind: 'player_midnight' }, missedDay: 'keep_progress' });
    const listed = await client.get(`/api/games/${created.id}/daily-rewards`);
    expect(listed.body).toEqual([config]);
    expect(listed.text).not.toContain('dayStartKind');
    expect(listed.text).not.toContain('dayStartMinute');
    expect((await client.get(`/api/daily-rewards/${config.id}`)).body).toEqual(config);
  });

  it('saves the rules at once, apart from the days and their version, and announces them', async () => {
    const { client, game: created, config, path } = await withConfig('rules-save@studio.test');
    const item = (
      await client.post(`/api/games/${created.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 })
    ).body as { id: string };
    const chest = (
      await client.post(`/api/games/${created.id}/packs`, {
        name: 'Chest',
        contents: [{ itemId: item.id, quantity: 5 }],
      })
    ).body as { id: string };
    const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: chest.id }));
    const days = await client.request(path, {
      method: 'PATCH',
      json: { rewards, cycleDays: 7, baseRewardsVersion: 0 },
    });
    expect((days.body as DailyReward).rewardsVersion).toBe(1);
    const tab = await openEventStream(client);
    servers.cleanups.push(tab.close);

    const saved = await client.request(path, {
      method: 'PATCH',
      json: { dayStart: { kind: 'utc_time', minuteOfDay: 4 * 60 + 30 }, missedDay: 'start_over' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      dayStart: { kind: 'utc_time', minuteOfDay: 270 },
      missedDay: 'start_over',
      rewards,
      rewardsVersion: 1,
      name: config.name,
    });
    expect(await storedReward(config.id)).toMatchObject({
      dayStartKind: 'utc_time',
      dayStartMinute: 270,
      missedDay: 'start_over',
      rewardsVersion: 1,
    });
    const event = await tab.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'dailyRewards', id: config.id });

    // Each rule on its own; back to midnight forgets the minute.
    const midnight = await client.request(path, { method: 'PATCH', json: { dayStart: { kind: 'player_midnight' } } });
    expect(midnight.body).toMatchObject({ dayStart: { kind: 'player_midnight' }, missedDay: 'start_over' });
    expect((midnight.body as DailyReward).dayStart).toEqual({ kind: 'player_midnight' });
    expect(await storedReward(config.id)).toMatchObject({ dayStartKind: 'player_midnight', dayStartMinute: 0 });
    const keep = await client.request(path, { method: 'PATCH', json: { missedDay: 'keep_progress' } });
    expect(keep.body).toMatchObject({ dayStart: { kind: 'player_midnight' }, missedDay: 'keep_progress' });
    const edges = await client.request(path, {
      method: 'PATCH',
      json: { dayStart: { kind: 'utc_time', minuteOfDay: 1439 } },
    });
    expect((edges.body as DailyReward).dayStart).toEqual({ kind: 'utc_time', minuteOfDay: 1439 });
    expect(((await client.get(`/api/games/${created.id}/daily-rewards`)).body as DailyReward[])[0]).toMatchObject({
      dayStart: { kind: 'utc_time', minuteOfDay: 1439 },
      missedDay: 'keep_progress',
      rewardsVersion: 1,
    });
  });

  it.each([
    ['minute 1440', { dayStart: { kind: 'utc_time', minuteOfDay: 1440 } }, DAILY_REWARD_MESSAGES.minuteOfDayInvalid],
    [
      'a negative minute',
      { dayStart: { kind: 'utc_time', minuteOfDay: -1 } },
      DAILY_REWARD_MESSAGES.minuteOfDayInvalid,
    ],
    [
      'a fraction of a minute',
      { dayStart: { kind: 'utc_time', minuteOfDay: 60.5 } },
      DAILY_REWARD_MESSAGES.minuteOfDayInvalid,
    ],
    [
      'a minute as text',
      { dayStart: { kind: 'utc_time', minuteOfDay: '04:00' } },
      DAILY_REWARD_MESSAGES.minuteOfDayInvalid,
    ],
    ['a fixed time without its minute', { dayStart: { kind: 'utc_time' } }, DAILY_REWARD_MESSAGES.minuteOfDayInvalid],
    ['an unknown kind', { dayStart: { kind: 'server_midnight' } }, DAILY_REWARD_MESSAGES.dayStartInvalid],
    ['a kind alone', { dayStart: 'player_midnight' }, DAILY_REWARD_MESSAGES.dayStartInvalid],
    [
      'midnight with a minute',
      { dayStart: { kind: 'player_midnight', minuteOfDay: 30 } },
      DAILY_REWARD_MESSAGES.dayStartInvalid,
    ],
    ['an unknown missed-day rule', { missedDay: 'reset_all' }, DAILY_REWARD_MESSAGES.missedDayInvalid],
    [
      'a good rule beside a bad one',
      { dayStart: { kind: 'utc_time', minuteOfDay: 60 }, missedDay: 'forgive' },
      DAILY_REWARD_MESSAGES.missedDayInvalid,
    ],
  ])('refuses day rules with %s, changing nothing', async (label, body, message) => {
    const { client, config, path } = await withConfig(`rules-bad-${label.replace(/\W+/g, '-')}@studio.test`);
    const before = await storedReward(config.id);
    const answer = await client.request(path, { method: 'PATCH', json: body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await storedReward(config.id)).toEqual(before);
  });

  it('answers another owner’s config as missing and leaves its rules as they were', async () => {
    const alice = await withConfig('rules-alice@studio.test');
    const bob = await withConfig('rules-bob@studio.test', true);
    const before = await storedReward(alice.config.id);
    const rules = { dayStart: { kind: 'utc_time', minuteOfDay: 60 }, missedDay: 'start_over' };
    const inAlicesGame = await bob.client.request(alice.path, { method: 'PATCH', json: rules });
    expect(inAlicesGame.status).toBe(404);
    expect(inAlicesGame.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
    const inBobsGame = await bob.client.request(`/api/games/${bob.game.id}/daily-rewards/${alice.config.id}`, {
      method: 'PATCH',
      json: rules,
    });
    expect(inBobsGame.status).toBe(404);
    expect(inBobsGame.body).toEqual({ code: 'NOT_FOUND', message: DAILY_REWARD_MESSAGES.notFound });
    expect(await storedReward(alice.config.id)).toEqual(before);
  });
});
