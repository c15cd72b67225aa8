import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { decodePopupSession } from '@liveops/domain/popup';
import { RUNTIME_MESSAGES, type ClaimResponse, type DailyRewardState } from '@liveops/domain/runtime-api';
import {
  createSegment,
  DAY,
  HOUR,
  publishedRuntimeGame,
  RuntimeClient,
  TestClock,
  type RuntimeGameSetup,
} from './support/runtime';
import { setTargeting } from './support/targeting';
import { TEST_DATABASE_KIND } from './support/test-database';
import { useTestServers } from './support/use-test-servers';

/**
 * The runtime gives each player the one daily reward that applies to them now (decision 038): its
 * segment matched at the player's last session (or it is for everyone), its schedule holds on the server's clock,
 * and no other that applies has a higher priority (ties: the oldest). Only that one is listed and claimable, and
 * progress in a config is kept while another one applies.
 */

const servers = useTestServers();

type List = { dailyRewards: DailyRewardState[] };

async function player(setup: RuntimeGameSetup, playerId: string, extra: Record<string, unknown> = {}) {
  const client = new RuntimeClient(setup.server.url);
  const answer = await client.signIn(setup.game.sdkKey, playerId, extra);
  expect(answer.status, answer.text).toBe(200);
  return client;
}

const listed = async (client: RuntimeClient) => {
  const answer = await client.request('/v1/daily-rewards');
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as List).dailyRewards;
};

const claimed = async (client: RuntimeClient, configId: string) => {
  const answer = await client.claim(configId);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ClaimResponse;
};

const refusedAsNotTargeted = async (client: RuntimeClient, configId: string) => {
  const answer = await client.claim(configId);
  expect([answer.status, answer.body]).toEqual([409, { code: 'not_targeted', message: RUNTIME_MESSAGES.notTargeted }]);
};

describe(`targeting and schedule in the runtime (${TEST_DATABASE_KIND})`, () => {
  it('gives each player the config of their segment with the highest priority, says which segment matched, and refuses the others', async () => {
    const clock = new TestClock(Date.parse('2030-03-04T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'rt-targeting-segments@studio.test', { clock, configs: 2 });
    const [base, payers] = setup.configs as [DailyReward, DailyReward];
    const whales = await createSegment(setup, 'Whales', 'player.totalSpend > 100.0');
    await setTargeting(setup, payers.id, { segmentId: whales.id, priority: 5 });

    const whale = await player(setup, 'whale-1', { attributes: { totalSpend: 500 } });
    const minnow = await player(setup, 'minnow-1', { attributes: { totalSpend: 1 } });
    const whaleList = await listed(whale);
    expect(whaleList.map((s) => [s.configId, s.targeting])).toEqual([
      [payers.id, { segmentId: whales.id, segmentName: 'Whales' }],
    ]);
    expect(whaleList[0]).toMatchObject({ name: payers.name, day: 1, claimable: true });
    expect((await listed(minnow)).map((s) => [s.configId, s.targeting])).toEqual([[base.id, null]]);

    await refusedAsNotTargeted(whale, base.id);
    await refusedAsNotTargeted(minnow, payers.id);
    const granted = await claimed(whale, payers.id);
    expect(granted.dailyReward.targeting).toEqual({ segmentId: whales.id, segmentName: 'Whales' });
    expect(granted.granted).toEqual([{ itemId: setup.gold.id, key: 'gold', quantity: 10 }]);
    expect((await claimed(minnow, base.id)).day).toBe(1);

    // A segment is matched at the player's session: an edit reaches them when they next sign in.
    const edited = await setup.client.request(`/api/games/${setup.game.id}/segments/${whales.id}`, {
      method: 'PATCH',
      json: { name: 'Whales', expression: 'player.totalSpend > 1000.0' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await listed(whale)).map((s) => s.configId)).toEqual([payers.id]);
    const again = await player(setup, 'whale-1');
    expect((await listed(again)).map((s) => [s.configId, s.day, s.streak])).toEqual([[base.id, 1, 0]]);
    await refusedAsNotTargeted(again, payers.id);

    // Back in the segment the next day: their payers' calendar goes on where they left it.
    clock.advance(DAY);
    await setup.client.request(`/api/games/${setup.game.id}/segments/${whales.id}`, {
      method: 'PATCH',
      json: { name: 'Whales', expression: 'player.totalSpend > 100.0' },
    });
    const back = await player(setup, 'whale-1');
    expect((await listed(back)).map((s) => [s.configId, s.day, s.streak])).toEqual([[payers.id, 2, 1]]);
    expect((await claimed(back, payers.id)).day).toBe(2);
  });

  it('switches at the schedule’s exact millisecond and keeps the progress of the config a player comes back to', async () => {
    const clock = new TestClock(Date.parse('2030-12-18T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'rt-targeting-schedule@studio.test', { clock, configs: 2 });
    const [base, holiday] = setup.configs.map((c) => c.id) as [string, string];
    const starts = Date.parse('2030-12-20T00:00:00Z');
    const ends = Date.parse('2030-12-22T00:00:00Z');
    await setTargeting(setup, holiday, {
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(ends).toISOString(),
      priority: 1,
    });
    const anna = await player(setup, 'anna', { timeZone: 'UTC' });
    expect((await claimed(anna, base)).day).toBe(1);
    clock.advance(DAY);
    expect((await claimed(anna, base)).day).toBe(2);

    clock.set(new Date(starts - 1).toISOString());
    expect((await listed(anna)).map((s) => [s.configId, s.claimable])).toEqual([[base, false]]);
    await refusedAsNotTargeted(anna, holiday);
    clock.set(new Date(starts).toISOString());
    expect((await listed(anna)).map((s) => [s.configId, s.day, s.claimable])).toEqual([[holiday, 1, true]]);
    await refusedAsNotTargeted(anna, base);
    expect((await claimed(anna, holiday)).day).toBe(1);
    clock.advance(DAY);
    expect((await claimed(anna, holiday)).day).toBe(2);

    clock.set(new Date(ends - 1).toISOString());
    expect((await listed(anna)).map((s) => s.configId)).toEqual([holiday]);
    clock.set(new Date(ends).toISOString());
    // Two days missed in the base calendar: under "keep progress" its next day waits, the streak starts again.
    expect((await listed(anna)).map((s) => [s.configId, s.day, s.streak, s.claimable])).toEqual([[base, 3, 0, true]]);
    await refusedAsNotTargeted(anna, holiday);
    const third = await claimed(anna, base);
    expect([third.day, third.granted]).toEqual([3, [{ itemId: setup.gold.id, key: 'gold', quantity: 30 }]]);
    const gold = third.balances.find((b) => b.itemId === setup.gold.id)?.amount;
    expect(gold).toBe(100 + 10 + 20 + 10 + 20 + 30);
  });

  it('breaks a tie by the oldest config, follows a priority from its save, and leaves the published manifest as it was', async () => {
    const clock = new TestClock(Date.parse('2030-03-04T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'rt-targeting-ties@studio.test', { clock, configs: 2 });
    const [older, newer] = setup.configs.map((c) => c.id) as [string, string];
    const releases = (await setup.client.get(`/api/games/${setup.game.id}/releases`)).text;
    const manifestUrl = (JSON.parse(releases) as { manifestUrl: string }).manifestUrl;
    const manifest = await (await fetch(new URL(manifestUrl, setup.server.url))).text();
    expect(manifest).toContain(newer);
    const bo = await player(setup, 'bo');
    expect((await listed(bo)).map((s) => s.configId)).toEqual([older]);
    await refusedAsNotTargeted(bo, newer);

    await setTargeting(setup, newer, { priority: 1 });
    expect((await listed(bo)).map((s) => s.configId)).toEqual([newer]);
    expect((await claimed(bo, newer)).day).toBe(1);
    await setTargeting(setup, older, { priority: 1 });
    expect((await listed(bo)).map((s) => s.configId)).toEqual([older]);

    // Targeting is a setting of the runtime, not of the release: nothing was published, nothing published changed.
    expect(await (await fetch(new URL(manifestUrl, setup.server.url))).text()).toBe(manifest);
    expect((await setup.client.get(`/api/games/${setup.game.id}/releases`)).text).toBe(releases);
  });

  it('lists nothing and refuses every claim when no config applies to the player now', async () => {
    const clock = new TestClock(Date.parse('2030-03-04T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'rt-targeting-none@studio.test', { clock, configs: 2 });
    const [later, vips] = setup.configs.map((c) => c.id) as [string, string];
    const vip = await createSegment(setup, 'VIPs', 'player.level >= 50');
    await setTargeting(setup, later, { startsAt: '2030-04-01T00:00:00.000Z' });
    await setTargeting(setup, vips, { segmentId: vip.id });
    const cleo = await player(setup, 'cleo', { attributes: { level: 3 } });
    expect(await listed(cleo)).toEqual([]);
    await refusedAsNotTargeted(cleo, later);
    await refusedAsNotTargeted(cleo, vips);
    const unknown = await cleo.claim('no-such-config');
    expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([404, 'not_found']);
  });

  it('says why the list is empty: nothing published, nothing scheduled now (and when next), or not this player’s', async () => {
    const clock = new TestClock(Date.parse('2030-03-04T12:00:00Z'));
    const unpublished = await publishedRuntimeGame(servers, 'rt-reason-none@studio.test', { clock, configs: 0 });
    const ada = await player(unpublished, 'ada');
    const whyOf = async (client: RuntimeClient) => {
      const answer = await client.request('/v1/daily-rewards');
      expect(answer.status, answer.text).toBe(200);
      return answer;
    };
    expect((await whyOf(ada)).body).toEqual({ dailyRewards: [], reason: 'none_published', nextStartsAt: null });

    const setup = await publishedRuntimeGame(servers, 'rt-reason-some@studio.test', { clock, configs: 2 });
    const [later, vips] = setup.configs.map((c) => c.id) as [string, string];
    const vip = await createSegment(setup, 'Secret VIPs', 'player.level >= 50');
    await setTargeting(setup, later, { startsAt: '2030-04-01T00:00:00.000Z' });
    await setTargeting(setup, vips, { segmentId: vip.id });
    const cleo = await player(setup, 'cleo', { attributes: { level: 3 } });
    const notTargeted = await whyOf(cleo);
    expect(notTargeted.body).toEqual({ dailyRewards: [], reason: 'not_targeted', nextStartsAt: null });
    // Which segments the live configs are for, and their rules, stay the studio's.
    expect(notTargeted.text).not.toMatch(/VIP|level|50/);

    await setTargeting(setup, vips, { segmentId: vip.id, startsAt: '2030-05-01T00:00:00.000Z' });
    expect((await whyOf(cleo)).body).toEqual({
      dailyRewards: [],
      reason: 'not_scheduled',
      nextStartsAt: '2030-04-01T00:00:00.000Z',
    });
    // A VIP gets the same answer while nothing is scheduled, and nothing that tells them apart.
    const vipPlayer = await player(setup, 'vera', { attributes: { level: 60 } });
    expect((await whyOf(vipPlayer)).text).toBe((await whyOf(cleo)).text);

    // From the start on, the list holds the config and no reason.
    clock.set('2030-04-01T00:00:00.000Z');
    expect((await whyOf(cleo)).body).toMatchObject({
      dailyRewards: [{ configId: later }],
      reason: null,
      nextStartsAt: null,
    });
    // Once every schedule has ended: not scheduled, with nothing to come.
    await setTargeting(setup, later, { startsAt: '2030-04-01T00:00:00.000Z', endsAt: '2030-04-02T00:00:00.000Z' });
    await setTargeting(setup, vips, {
      segmentId: vip.id,
      startsAt: '2030-04-01T00:00:00.000Z',
      endsAt: '2030-04-02T00:00:00.000Z',
    });
    clock.set('2030-04-02T00:00:00.000Z');
    expect((await whyOf(cleo)).body).toEqual({ dailyRewards: [], reason: 'not_scheduled', nextStartsAt: null });
  });

  it('answers a retry of a claim with its first answer after the config stopped applying, and a popup’s claim no more', async () => {
    const clock = new TestClock(Date.parse('2030-03-04T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'rt-targeting-retry@studio.test', { clock, configs: 2 });
    const [first, second] = setup.configs.map((c) => c.id) as [string, string];
    const dee = await player(setup, 'dee');
    const [state] = await listed(dee);
    const popup = new RuntimeClient(setup.server.url);
    popup.token = decodePopupSession(new URL(state!.popupUrl!).hash)!.token;
    const key = randomUUID();
    const granted = await dee.claim(first, key);
    expect(granted.status, granted.text).toBe(200);

    await setTargeting(setup, second, { priority: 3 });
    // The popup opened before the change may no longer claim its config.
    await refusedAsNotTargeted(popup, first);
    clock.advance(HOUR);
    const retry = await dee.claim(first, key);
    expect([retry.status, retry.body]).toEqual([200, granted.body]);
    await refusedAsNotTargeted(dee, first);
    // The config that applies now goes on.
    clock.advance(DAY);
    expect((await claimed(dee, second)).day).toBe(1);
  });
});
