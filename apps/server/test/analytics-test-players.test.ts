import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_QUERY_MESSAGES, type AnalyticsResponse } from '@liveops/domain/analytics';
import { experimentRollupVariantId } from '@liveops/domain/experiments';
import { type TestPlayer } from '@liveops/domain/players';
import { dailyReward, experiment, experimentVariant } from '../src/db/schema';
import { createLogger } from '../src/logging/logger';
import { createClaimAnalyticsFeed } from '../src/analytics/analytics-claims';
import { recordAnalyticsEvents, type RecordedEvent } from '../src/analytics/analytics-events';
import { signedInClient } from './support/accounts';
import { publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

/**
 * Test players are left out of the production figures (decision 053): every figure of
 * GET …/analytics (the days, the funnel and streaks in them, the experiment comparison) counts them only with
 * `testers=include`. A player counts as a test player for what they did while they were one.
 */
const servers = useTestServers();
const logger = createLogger('error');

async function addTester(setup: RuntimeGameSetup, playerId: string): Promise<TestPlayer> {
  const answer = await setup.client.post(`/api/games/${setup.game.id}/test-players`, { playerId });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as TestPlayer;
}

async function removeTester(setup: RuntimeGameSetup, tester: TestPlayer) {
  const answer = await setup.client.request(`/api/games/${setup.game.id}/test-players/${tester.id}`, {
    method: 'DELETE',
  });
  expect(answer.status, answer.text).toBeLessThan(300);
}

/** Signs the player in, reports the popup shown and claims: a player's whole day, through the runtime. */
async function playDay(setup: RuntimeGameSetup, clock: TestClock, playerId: string, configId: string) {
  const player = new RuntimeClient(setup.server.url);
  const signedIn = await player.signIn(setup.game.sdkKey, playerId);
  expect(signedIn.status, signedIn.text).toBe(200);
  const shown = await player.request('/v1/events', {
    method: 'POST',
    json: { events: [{ id: randomUUID(), type: 'shown', configId, clientTime: clock.time }] },
  });
  expect(shown.status, shown.text).toBe(200);
  const claimed = await player.claim(configId);
  expect(claimed.status, claimed.text).toBe(200);
}

async function read(setup: RuntimeGameSetup, query: string): Promise<AnalyticsResponse> {
  const answer = await setup.client.request(`/api/games/${setup.game.id}/analytics?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as AnalyticsResponse;
}

const figuresOf = (answer: AnalyticsResponse) =>
  answer.days.map(({ day, shown, claimed, claimedByCycleDay, claimedByStreak }) => ({
    day,
    shown,
    claimed,
    cycleDay1: claimedByCycleDay[0],
    streak1: claimedByStreak['1'],
  }));

describe('test players in the analytics (decision 053)', () => {
  it('leaves test players out of the figures by default and counts them with testers=include', async () => {
    const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'analytics-testers@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const feed = createClaimAnalyticsFeed({ db: setup.server.database.db, logger, now: clock.now });
    const tester = await addTester(setup, 'qa-1');
    await playDay(setup, clock, 'player-1', configId);
    await playDay(setup, clock, 'player-2', configId);
    await playDay(setup, clock, 'qa-1', configId);
    await feed.pass();

    const query = `configId=${configId}&from=2026-05-04&to=2026-05-04`;
    const production = await read(setup, query);
    expect(production.includesTestPlayers).toBe(false);
    expect(figuresOf(production)).toEqual([{ day: '2026-05-04', shown: 2, claimed: 2, cycleDay1: 2, streak1: 2 }]);
    expect(await read(setup, `${query}&testers=exclude`)).toEqual(production);
    const everyone = await read(setup, `${query}&testers=include`);
    expect(everyone.includesTestPlayers).toBe(true);
    expect(figuresOf(everyone)).toEqual([{ day: '2026-05-04', shown: 3, claimed: 3, cycleDay1: 3, streak1: 3 }]);
    // The game's scope too.
    expect(figuresOf(await read(setup, 'from=2026-05-04&to=2026-05-04'))[0]).toMatchObject({ claimed: 2 });
    expect(figuresOf(await read(setup, 'from=2026-05-04&to=2026-05-04&testers=include'))[0]).toMatchObject({
      claimed: 3,
    });

    // What a player did while a tester stays a tester's, and what a player did before becoming one stays
    // everyone's: the figures of a day never move when the list of testers changes.
    await removeTester(setup, tester);
    await addTester(setup, 'player-1');
    expect(figuresOf(await read(setup, query))[0]).toMatchObject({ shown: 2, claimed: 2 });
    // The next day the list applies as it is now.
    clock.set('2026-05-05T09:00:00Z');
    await playDay(setup, clock, 'player-1', configId);
    await playDay(setup, clock, 'qa-1', configId);
    await feed.pass();
    const next = `configId=${configId}&from=2026-05-05&to=2026-05-05`;
    expect(figuresOf(await read(setup, next))[0]).toMatchObject({ shown: 1, claimed: 1 });
    expect(figuresOf(await read(setup, `${next}&testers=include`))[0]).toMatchObject({ shown: 2, claimed: 2 });
  }, 120_000);

  it('leaves test players out of the A/B comparison by default and counts them with testers=include', async () => {
    const clock = new TestClock(Date.parse('2026-06-10T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'analytics-testers-ab@studio.test', { clock });
    const db = setup.server.database.db;
    const configId = setup.configs[0]!.id;
    const [config] = await db
      .select({ ownerId: dailyReward.ownerId })
      .from(dailyReward)
      .where(eq(dailyReward.id, configId));
    await db.insert(experiment).values({
      id: 'exp_qa',
      gameId: setup.game.id,
      ownerId: config!.ownerId,
      configId,
      status: 'running',
      startedAt: new Date('2026-06-10T08:00:00Z'),
    });
    await db.insert(experimentVariant).values(
      ['A', 'B'].map((id, position) => ({
        experimentId: 'exp_qa',
        variantId: id,
        position,
        name: id,
        weight: 1,
        uiLayout: null,
        layoutVersion: 0,
      })),
    );
    // Five players on B, two of them testers who claimed; the three others saw B and did not claim.
    const refs: string[] = [];
    for (const playerId of ['p-1', 'p-2', 'p-3', 'qa-1', 'qa-2']) {
      const player = new RuntimeClient(setup.server.url);
      expect((await player.signIn(setup.game.sdkKey, playerId)).status).toBe(200);
      const rows = (await db.execute(
        sql`select id from player where game_id = ${setup.game.id} and player_id = ${playerId}`,
      )) as unknown as { rows: { id: string }[] };
      refs.push(rows.rows[0]!.id);
    }
    await addTester(setup, 'qa-1');
    await addTester(setup, 'qa-2');
    const variantId = experimentRollupVariantId('exp_qa', 'B');
    const events: RecordedEvent[] = refs.flatMap((ref, at) => {
      const base = { gameId: setup.game.id, playerId: ref, configId, variantId, day: '2026-06-10' };
      const common = { clientTime: null, properties: null };
      const shown = { ...base, ...common, id: randomUUID(), kind: 'shown' as const, cycleDay: null, streak: null };
      if (at < 3) return [shown];
      return [shown, { ...base, ...common, id: randomUUID(), kind: 'claimed' as const, cycleDay: 1, streak: 1 }];
    });
    await recordAnalyticsEvents(db, events, clock.now());

    const variantB = async (extra: string) =>
      (await read(setup, `configId=${configId}${extra}`)).experiment!.variants.find((variant) => variant.id === 'B');
    expect(await variantB('')).toMatchObject({ players: 3, shown: 3, claimed: 0, claimRate: 0 });
    expect(await variantB('&testers=include')).toMatchObject({ players: 5, shown: 5, claimed: 2, claimRate: 0.4 });
  }, 90_000);

  it('refuses a testers value it does not know, with a sentence, and another owner with testers=include', async () => {
    const clock = new TestClock(Date.parse('2026-06-10T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'analytics-testers-bad@studio.test', { clock });
    const answer = await setup.client.request(`/api/games/${setup.game.id}/analytics?testers=maybe`);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(ANALYTICS_QUERY_MESSAGES.testersInvalid);
    const other = await signedInClient(setup.server, 'analytics-testers-intruder@studio.test');
    const intruder = await other.request(`/api/games/${setup.game.id}/analytics?testers=include`);
    expect(intruder.status).toBe(404);
    expect(intruder.text).not.toContain('includesTestPlayers');
  }, 90_000);
});
