import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain/daily-rewards';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { type Segment } from '@liveops/domain/segments';
import {
  DailyRewardForPlayerSchema,
  FOR_PLAYER_MESSAGES,
  segmentInUseMessage,
  TARGETING_MESSAGES,
} from '@liveops/domain/targeting';
import { dailyReward, segment as segmentTable } from '../src/db/schema';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import { readStandInPage } from './support/page-stand-in';
import { DAY, publishGame, publishedRuntimeGameOn, TestClock } from './support/runtime';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/**
 * A daily reward's targeting and schedule in the dashboard (decision 038): saving it, what it refuses,
 * segments it holds on to, staging copies, and the segment tester's "which daily reward would this player get".
 */

const servers = useTestServers();
/** The server's clock (the runtime's, and what "past" means to a schedule): a Monday in 2030. */
const START = '2030-03-04T12:00:00.000Z';

type Studio = { server: TestServer; client: TestClient; game: Game; configs: DailyReward[]; whales: Segment };

async function studio(email: string, { configs = 1, clock = new TestClock(Date.parse(START)) } = {}): Promise<Studio> {
  const server = await servers.start({ publishing: { readPageHtml: readStandInPage }, now: clock.now });
  const setup = await publishedRuntimeGameOn(server, email, { configs });
  const whales = await createSegment(setup.client, setup.game.id, 'Whales', 'player.totalSpend > 100.0');
  return { server, client: setup.client, game: setup.game, configs: setup.configs, whales };
}

async function createSegment(client: TestClient, gameId: string, name: string, expression: string) {
  const created = await client.post(`/api/games/${gameId}/segments`, { name, expression });
  expect(created.status).toBe(201);
  return created.body as Segment;
}

const putTargeting = (client: TestClient, gameId: string, configId: string, json: unknown) =>
  client.request(`/api/games/${gameId}/daily-rewards/${configId}/targeting`, { method: 'PUT', json });
const everyone = { segmentId: null, startsAt: null, endsAt: null, priority: 0 };
const storedRow = async (server: TestServer, id: string) =>
  (await server.database.db.select().from(dailyReward).where(eq(dailyReward.id, id)))[0];

describe('saving a config’s targeting', () => {
  it('stores the segment, the schedule in UTC and the priority, shows them, and tells every tab', async () => {
    const { server, client, game, configs, whales } = await studio('targeting-save@studio.test');
    const config = configs[0]!;
    expect(config.targeting).toEqual(everyone);
    const tab = await openEventStream(client);
    servers.cleanups.push(tab.close);

    const saved = await putTargeting(client, game.id, config.id, {
      segmentId: whales.id,
      startsAt: '2030-12-20T00:00:00+09:00',
      endsAt: '2031-01-01T00:00:00Z',
      priority: 10,
    });
    expect(saved.status).toBe(200);
    const targeting = {
      segmentId: whales.id,
      startsAt: '2030-12-19T15:00:00.000Z',
      endsAt: '2031-01-01T00:00:00.000Z',
      priority: 10,
    };
    expect((saved.body as DailyReward).targeting).toEqual(targeting);
    expect((saved.body as DailyReward).rewardsVersion, 'targeting is not the days').toBe(config.rewardsVersion);
    const list = (await client.get(`/api/games/${game.id}/daily-rewards`)).body as DailyReward[];
    expect(list[0]?.targeting).toEqual(targeting);
    const row = await storedRow(server, config.id);
    expect(row?.startsAt?.toISOString()).toBe(targeting.startsAt);
    expect(row?.priority).toBe(10);
    // The segment made just before may still be announced first (on PostgreSQL its NOTIFY can reach this instance
    // after the tab opened): the tab is told of the config's change, whatever else it hears.
    const event = await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'dailyRewards');
    expect(JSON.parse(event.data)).toEqual({ topic: 'dailyRewards', id: config.id });

    const cleared = await putTargeting(client, game.id, config.id, everyone);
    expect((cleared.body as DailyReward).targeting).toEqual(everyone);
    expect((await storedRow(server, config.id))?.segmentId).toBeNull();
  });

  it('refuses a segment of another game or another owner exactly like a missing one, storing nothing', async () => {
    const { server, client, game, configs } = await studio('targeting-foreign@studio.test');
    const config = configs[0]!;
    const otherGame = (
      await client.post('/api/games', { name: 'Other', description: 'Another game', platforms: ['Web'] })
    ).body as Game;
    const ownOtherGame = await createSegment(client, otherGame.id, 'Elsewhere', 'player.level > 1');
    const bob = await signedInClient(server, 'targeting-foreign-bob@studio.test');
    const bobGame = (await bob.post('/api/games', { name: 'Bob', description: 'Bob’s game', platforms: ['Web'] }))
      .body as Game;
    const bobs = await createSegment(bob, bobGame.id, 'Bob’s', 'player.level > 1');

    const answers = [];
    for (const segmentId of [ownOtherGame.id, bobs.id, 'no-such-segment']) {
      const answer = await putTargeting(client, game.id, config.id, { ...everyone, segmentId });
      answers.push({ status: answer.status, body: answer.body });
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: TARGETING_MESSAGES.segmentUnknown,
          issues: [{ path: 'segmentId', message: TARGETING_MESSAGES.segmentUnknown }],
        },
      });
    }
    expect((await storedRow(server, config.id))?.segmentId).toBeNull();
    // Bob cannot target Alice's config at all: her game is not his.
    const foreign = await putTargeting(bob, game.id, config.id, everyone);
    expect(foreign.status).toBe(404);
    expect((foreign.body as { message: string }).message).toBe(GAME_MESSAGES.notFound);
    const notMine = await putTargeting(bob, bobGame.id, config.id, everyone);
    expect(notMine.status).toBe(404);
    expect((notMine.body as { message: string }).message).toBe(DAILY_REWARD_MESSAGES.notFound);
  });

  it('refuses an inverted schedule, an end in the past and bad values with messages a person can act on', async () => {
    const { server, client, game, configs } = await studio('targeting-bad@studio.test');
    const config = configs[0]!;
    const refusals: [unknown, string][] = [
      [{ ...everyone, startsAt: '2030-05-01T00:00:00Z', endsAt: '2030-04-01T00:00:00Z' }, TARGETING_MESSAGES.inverted],
      [{ ...everyone, startsAt: '2030-05-01T00:00:00Z', endsAt: '2030-05-01T00:00:00Z' }, TARGETING_MESSAGES.inverted],
      [{ ...everyone, endsAt: '2030-03-04T12:00:00Z' }, TARGETING_MESSAGES.endInPast],
      [{ ...everyone, endsAt: '2029-01-01T00:00:00Z' }, TARGETING_MESSAGES.endInPast],
      [{ ...everyone, startsAt: '2030-05-01T00:00:00' }, TARGETING_MESSAGES.instantInvalid],
      [{ ...everyone, startsAt: 'soon' }, TARGETING_MESSAGES.instantInvalid],
      [{ ...everyone, endsAt: '2300-01-01T00:00:00Z' }, TARGETING_MESSAGES.instantInvalid],
      [{ ...everyone, priority: 1.5 }, TARGETING_MESSAGES.priorityInvalid],
      [{ ...everyone, priority: 100_000 }, TARGETING_MESSAGES.priorityInvalid],
      [{ ...everyone, segmentId: '' }, TARGETING_MESSAGES.segmentIdInvalid],
    ];
    for (const [json, message] of refusals) {
      const answer = await putTargeting(client, game.id, config.id, json);
      expect({ json, status: answer.status, message: (answer.body as { message?: string }).message }).toEqual({
        json,
        status: 400,
        message,
      });
    }
    const partial = await putTargeting(client, game.id, config.id, { priority: 3 });
    expect(partial.status).toBe(400);
    const extra = await putTargeting(client, game.id, config.id, { ...everyone, audience: 'all' });
    expect(extra.status).toBe(400);
    const row = await storedRow(server, config.id);
    expect([row?.segmentId, row?.startsAt, row?.endsAt, row?.priority]).toEqual([null, null, null, 0]);
    const missing = await putTargeting(client, game.id, 'no-such-config', everyone);
    expect(missing.status).toBe(404);
    expect((missing.body as { message: string }).message).toBe(DAILY_REWARD_MESSAGES.notFound);
  });

  it('keeps an end that has passed since it was saved, while the rest changes', async () => {
    const clock = new TestClock(Date.parse(START));
    const { client, game, configs } = await studio('targeting-ended@studio.test', { clock });
    const config = configs[0]!;
    const endsAt = '2030-03-05T00:00:00.000Z';
    expect((await putTargeting(client, game.id, config.id, { ...everyone, endsAt })).status).toBe(200);
    clock.advance(2 * DAY);
    const changed = await putTargeting(client, game.id, config.id, { ...everyone, endsAt, priority: 4 });
    expect(changed.status).toBe(200);
    expect((changed.body as DailyReward).targeting).toEqual({ ...everyone, endsAt, priority: 4 });
    const moved = await putTargeting(client, game.id, config.id, { ...everyone, endsAt: '2030-03-05T12:00:00Z' });
    expect((moved.body as { message: string }).message).toBe(TARGETING_MESSAGES.endInPast);
  });
});

describe('segments that daily rewards target', () => {
  it('refuses to delete a targeted segment, naming the configs, until none targets it', async () => {
    const { server, client, game, configs, whales } = await studio('targeting-delete@studio.test', { configs: 2 });
    const [first, second] = configs as [DailyReward, DailyReward];
    await putTargeting(client, game.id, first.id, { ...everyone, segmentId: whales.id });
    await putTargeting(client, game.id, second.id, { ...everyone, segmentId: whales.id, priority: 1 });

    const refused = await client.request(`/api/games/${game.id}/segments/${whales.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'SEGMENT_IN_USE',
      message: segmentInUseMessage([first.name, second.name]),
    });
    expect((refused.body as { message: string }).message).toContain(`"${first.name}", "${second.name}"`);
    expect(await server.database.db.select().from(segmentTable).where(eq(segmentTable.id, whales.id))).toHaveLength(1);

    await putTargeting(client, game.id, first.id, everyone);
    const stillOne = await client.request(`/api/games/${game.id}/segments/${whales.id}`, { method: 'DELETE' });
    expect((stillOne.body as { message: string }).message).toBe(segmentInUseMessage([second.name]));
    await putTargeting(client, game.id, second.id, everyone);
    const deleted = await client.request(`/api/games/${game.id}/segments/${whales.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const again = await client.request(`/api/games/${game.id}/segments/${whales.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('gives a staging copy’s configs the copy’s own segments, with their schedule and priority', async () => {
    const { server, client, game, configs, whales } = await studio('targeting-copy@studio.test', { configs: 2 });
    const minnows = await createSegment(client, game.id, 'Minnows', 'player.totalSpend < 1.0');
    const [first, second] = configs as [DailyReward, DailyReward];
    const holiday = { segmentId: whales.id, startsAt: '2030-12-20T00:00:00.000Z', endsAt: null, priority: 7 };
    await putTargeting(client, game.id, first.id, holiday);
    await putTargeting(client, game.id, second.id, { ...everyone, segmentId: minnows.id });

    const copied = await client.post(`/api/games/${game.id}/duplicate`, {});
    expect(copied.status).toBe(201);
    const copy = copied.body as Game;
    const copySegments = (await client.get(`/api/games/${copy.id}/segments`)).body as Segment[];
    const copyConfigs = (await client.get(`/api/games/${copy.id}/daily-rewards`)).body as DailyReward[];
    const segmentNamed = (name: string) => copySegments.find((s) => s.name === name)!.id;
    expect(copyConfigs.map((c) => [c.name, c.targeting])).toEqual([
      [first.name, { ...holiday, segmentId: segmentNamed('Whales') }],
      [second.name, { ...everyone, segmentId: segmentNamed('Minnows') }],
    ]);
    expect(segmentNamed('Whales')).not.toBe(whales.id);
    // The copy's segment is the copy's to delete, the source's stays held by the source.
    const rows = await server.database.db.select().from(dailyReward).where(eq(dailyReward.gameId, copy.id));
    for (const row of rows) expect([segmentNamed('Whales'), segmentNamed('Minnows')]).toContain(row.segmentId);
    const sourceDelete = await client.request(`/api/games/${game.id}/segments/${whales.id}`, { method: 'DELETE' });
    expect(sourceDelete.status).toBe(409);
  });
});

describe('which daily reward a sample player gets now (the segment tester)', () => {
  const forPlayer = async (client: TestClient, gameId: string, player: unknown) => {
    const answer = await client.post(`/api/games/${gameId}/daily-rewards/for-player`, { player });
    expect(answer.status).toBe(200);
    return DailyRewardForPlayerSchema.parse(answer.body);
  };
  const whale = { level: 30, country: 'DE', platform: 'iOS', daysSinceInstall: 90, sessionCount: 400, totalSpend: 500 };
  const minnow = { ...whale, totalSpend: 0.5 };

  it('answers the live release’s config the runtime would give, why, and every other config’s verdict', async () => {
    const clock = new TestClock(Date.parse(START));
    const { client, game, configs, whales } = await studio('targeting-tester@studio.test', { configs: 2, clock });
    const [base, payers] = configs as [DailyReward, DailyReward];
    await putTargeting(client, game.id, payers.id, {
      segmentId: whales.id,
      startsAt: null,
      endsAt: '2030-03-11T00:00:00.000Z',
      priority: 5,
    });
    // Made after the publish: not in the live release, so no player gets it yet.
    const draft = (await client.post(`/api/games/${game.id}/daily-rewards`, { name: 'Draft Week' }))
      .body as DailyReward;

    const rich = await forPlayer(client, game.id, whale);
    expect(rich.at).toBe(START);
    expect(rich.segments).toEqual([{ id: whales.id, name: 'Whales', matches: true, error: null }]);
    expect(rich.selected).toEqual({
      configId: payers.id,
      name: payers.name,
      audience: { kind: 'segment', segmentId: whales.id, segmentName: 'Whales' },
      startsAt: null,
      endsAt: '2030-03-11T00:00:00.000Z',
      priority: 5,
      decidedByAge: false,
    });
    expect(rich.configs).toEqual([
      { configId: payers.id, name: payers.name, priority: 5, verdict: 'selected' },
      { configId: base.id, name: base.name, priority: 0, verdict: 'outranked' },
      { configId: draft.id, name: 'Draft Week', priority: 0, verdict: 'unpublished' },
    ]);

    const poor = await forPlayer(client, game.id, minnow);
    expect(poor.segments[0]?.matches).toBe(false);
    expect(poor.selected?.configId).toBe(base.id);
    expect(poor.selected?.audience).toEqual({ kind: 'everyone' });
    expect(poor.configs.find((c) => c.configId === payers.id)?.verdict).toBe('not_in_segment');

    // At the end's exact millisecond the payers' week is over, on the server's clock.
    clock.set('2030-03-11T00:00:00.000Z');
    const later = await forPlayer(client, game.id, whale);
    expect(later.selected?.configId).toBe(base.id);
    expect(later.configs.find((c) => c.configId === payers.id)?.verdict).toBe('ended');

    // Published: the draft is the game's too, and ties with the base config, which is older.
    await client.request(`/api/games/${game.id}/daily-rewards/${draft.id}`, {
      method: 'PATCH',
      json: { rewards: configs[0]!.rewards, cycleDays: 7 },
    });
    await publishGame(client, game.id);
    const published = await forPlayer(client, game.id, whale);
    expect(published.selected).toMatchObject({ configId: base.id, decidedByAge: true });
    expect(published.configs.find((c) => c.configId === draft.id)?.verdict).toBe('outranked');
  });

  it('says when the sample player cannot be evaluated, and when no config applies', async () => {
    const { client, game, configs, whales } = await studio('targeting-tester-bad@studio.test');
    await putTargeting(client, game.id, configs[0]!.id, { ...everyone, segmentId: whales.id });
    const wrong = await forPlayer(client, game.id, { level: 'high' });
    expect(wrong.segments[0]).toMatchObject({ id: whales.id, matches: false });
    expect(wrong.segments[0]?.error).toMatch(/^player\.level: /);
    expect(wrong.selected).toBeNull();
    for (const player of [[1, 2], 'whale', null]) {
      const refused = await client.post(`/api/games/${game.id}/daily-rewards/for-player`, { player });
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toBe(FOR_PLAYER_MESSAGES.playerInvalid);
    }
  });
});
