import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_QUERY_MESSAGES, type AnalyticsResponse } from '@liveops/domain/analytics';
import { compareProportions, experimentRollupVariantId, type ExperimentComparison } from '@liveops/domain/experiments';
import type { Db } from '../src/db/database';
import { dailyReward, experiment, experimentVariant } from '../src/db/schema';
import { recordAnalyticsEvents, type RecordedEvent } from '../src/analytics/analytics-events';
import { signedInClient } from './support/accounts';
import { publishedRuntimeGame, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

type Variant = { id: string; name: string; weight: number };

/** An experiment row and its variants, as the experiment routes store them (decision 046). */
async function storeExperiment(
  setup: RuntimeGameSetup,
  configId: string,
  row: { id: string; status: 'running' | 'ended'; startedAt: string; endedAt?: string; winner?: string },
  variants: Variant[],
) {
  const db = setup.server.database.db;
  const [config] = await db
    .select({ ownerId: dailyReward.ownerId })
    .from(dailyReward)
    .where(eq(dailyReward.id, configId));
  await db.insert(experiment).values({
    id: row.id,
    gameId: setup.game.id,
    ownerId: config!.ownerId,
    configId,
    status: row.status,
    startedAt: new Date(row.startedAt),
    endedAt: row.endedAt ? new Date(row.endedAt) : null,
    winnerVariantId: row.winner ?? null,
  });
  await db.insert(experimentVariant).values(
    variants.map((variant, position) => ({
      experimentId: row.id,
      variantId: variant.id,
      position,
      name: variant.name,
      weight: variant.weight,
      uiLayout: null,
      layoutVersion: 0,
    })),
  );
}

/**
 * Records, on `day` (noon UTC), players of a variant (a rollup variant id, or null for the config's own
 * rows only): the first `shown` saw the popup, players `claimedFrom` to `claimedFrom + claimed` claimed, each on
 * `cycleDay`. Through the events' own path, so the rollups are what the runtime would make.
 */
async function record(
  db: Db,
  setup: RuntimeGameSetup,
  configId: string,
  day: string,
  variantId: string | null,
  figures: { shown: number; claimed: number; claimedFrom?: number; cycleDay?: number },
) {
  const base = {
    gameId: setup.game.id,
    configId,
    variantId,
    day,
    clientTime: null,
    properties: null,
  };
  const player = (at: number) => `${variantId ?? 'config'}-player-${at}`;
  const events: RecordedEvent[] = [];
  for (let at = 0; at < figures.shown; at++) {
    events.push({ ...base, id: randomUUID(), playerId: player(at), kind: 'shown', cycleDay: null, streak: null });
  }
  const from = figures.claimedFrom ?? 0;
  for (let at = from; at < from + figures.claimed; at++) {
    const cycleDay = figures.cycleDay ?? 1;
    events.push({ ...base, id: randomUUID(), playerId: player(at), kind: 'claimed', cycleDay, streak: cycleDay });
  }
  await recordAnalyticsEvents(db, events, Date.parse(`${day}T12:00:00Z`));
}

async function read(setup: RuntimeGameSetup, query: string) {
  return setup.client.request(`/api/games/${setup.game.id}/analytics?${query}`);
}

async function experimentOf(setup: RuntimeGameSetup, query: string): Promise<ExperimentComparison | null> {
  const answer = await read(setup, query);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as AnalyticsResponse).experiment;
}

const AB: Variant[] = [
  { id: 'A', name: 'Control', weight: 1 },
  { id: 'B', name: 'Big chest', weight: 1 },
];

describe('GET /api/games/:gameId/analytics: the experiment comparison (decision 046)', () => {
  it('compares each variant with the control from its own rollups, over the days the experiment ran', async () => {
    const clock = new TestClock(Date.parse('2026-06-10T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'experiments-compare@studio.test', { clock });
    const db = setup.server.database.db;
    const configId = setup.configs[0]!.id;
    await storeExperiment(
      setup,
      configId,
      { id: 'exp_old', status: 'ended', startedAt: '2026-06-01T08:00:00Z', endedAt: '2026-06-03T08:00:00Z' },
      [
        { id: 'A', name: 'A', weight: 1 },
        { id: 'B', name: 'B', weight: 1 },
      ],
    );
    await storeExperiment(setup, configId, { id: 'exp_new', status: 'running', startedAt: '2026-06-08T10:00:00Z' }, [
      ...AB,
      { id: 'C', name: 'Quiet', weight: 0 },
    ]);
    const oldB = experimentRollupVariantId('exp_old', 'B');
    const newA = experimentRollupVariantId('exp_new', 'A');
    const newB = experimentRollupVariantId('exp_new', 'B');
    // The old experiment's B (the same variant id, another experiment): never in the new one's figures.
    await record(db, setup, configId, '2026-06-02', oldB, { shown: 5, claimed: 5 });
    await record(db, setup, configId, '2026-06-08', newA, { shown: 30, claimed: 15 });
    await record(db, setup, configId, '2026-06-08', newB, { shown: 30, claimed: 24 });
    // The next day: 10 more on A; on B 8 claims of which two whose shown never came (they still saw B).
    await record(db, setup, configId, '2026-06-09', newA, { shown: 10, claimed: 5, cycleDay: 2 });
    await record(db, setup, configId, '2026-06-09', newB, {
      shown: 6,
      claimed: 8,
      claimedFrom: 2,
      cycleDay: 7,
    });
    // Players of the config outside any experiment: in its own figures, not the variants'.
    await record(db, setup, configId, '2026-06-09', null, { shown: 50, claimed: 50 });

    const comparison = await experimentOf(setup, `configId=${configId}&from=2026-06-09&to=2026-06-09`);
    expect(comparison).toMatchObject({
      id: 'exp_new',
      status: 'running',
      startedAt: '2026-06-08T10:00:00.000Z',
      endedAt: null,
      winnerVariantId: null,
      // The experiment's own days, whatever the tab's range.
      from: '2026-06-08',
      to: '2026-06-10',
    });
    expect(comparison!.variants).toEqual([
      {
        id: 'A',
        name: 'Control',
        weight: 1,
        control: true,
        players: 40,
        shown: 40,
        claimed: 20,
        claimRate: 0.5,
        startedCycle: 15,
        reachedDay7: 0,
        day7Rate: 0,
      },
      {
        id: 'B',
        name: 'Big chest',
        weight: 1,
        control: false,
        players: 38,
        shown: 36,
        claimed: 32,
        claimRate: 32 / 38,
        startedCycle: 24,
        reachedDay7: 8,
        day7Rate: 8 / 24,
      },
      {
        id: 'C',
        name: 'Quiet',
        weight: 0,
        control: false,
        players: 0,
        shown: 0,
        claimed: 0,
        claimRate: null,
        startedCycle: 0,
        reachedDay7: 0,
        day7Rate: null,
      },
    ]);
    const claims = compareProportions(
      { name: 'Control', trials: 40, successes: 20 },
      { name: 'Big chest', trials: 38, successes: 32 },
    );
    expect(comparison!.comparisons).toEqual([
      {
        variantId: 'B',
        claimRate: { status: 'compared', sentence: claims.sentence, confidence: claims.confidence },
        day7: {
          status: 'too_little_data',
          sentence:
            'Too little data to compare Big chest with Control yet: each needs about 10 players who reach day 7 and 10 who do not.',
          confidence: null,
        },
      },
      {
        variantId: 'C',
        claimRate: { status: 'no_data', sentence: 'No data yet: no player has seen Quiet.', confidence: null },
        day7: { status: 'no_data', sentence: 'No data yet: no player has seen Quiet.', confidence: null },
      },
    ]);
    expect(claims.sentence).toBe('Big chest claims 68.4 % more, over 99 % confidence');

    // An earlier experiment, asked for by id: its own figures only, over its own days.
    const old = await experimentOf(setup, `configId=${configId}&experimentId=exp_old`);
    expect(old).toMatchObject({ id: 'exp_old', status: 'ended', from: '2026-06-01', to: '2026-06-03' });
    expect(old!.variants.map(({ id, players, claimed }) => ({ id, players, claimed }))).toEqual([
      { id: 'A', players: 0, claimed: 0 },
      { id: 'B', players: 5, claimed: 5 },
    ]);
    expect(old!.comparisons[0]!.claimRate.sentence).toBe('No data yet: no player has seen A.');

    // The game's figures have no experiment.
    expect(await experimentOf(setup, 'from=2026-06-09&to=2026-06-09')).toBeNull();
  });

  it('answers the newest ended experiment when none runs, and null for a config that never ran one', async () => {
    const clock = new TestClock(Date.parse('2026-06-10T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'experiments-ended@studio.test', { clock, configs: 2 });
    const [first, second] = setup.configs.map((config) => config.id) as [string, string];
    await storeExperiment(
      setup,
      first,
      { id: 'exp_1', status: 'ended', startedAt: '2026-05-01T08:00:00Z', endedAt: '2026-05-03T08:00:00Z' },
      AB,
    );
    await storeExperiment(
      setup,
      first,
      {
        id: 'exp_2',
        status: 'ended',
        startedAt: '2026-05-10T08:00:00Z',
        endedAt: '2026-05-20T08:00:00Z',
        winner: 'B',
      },
      AB,
    );
    expect(await experimentOf(setup, `configId=${first}`)).toMatchObject({
      id: 'exp_2',
      status: 'ended',
      endedAt: '2026-05-20T08:00:00.000Z',
      winnerVariantId: 'B',
      from: '2026-05-10',
      to: '2026-05-20',
    });
    expect(await experimentOf(setup, `configId=${second}`)).toBeNull();
  });

  it('refuses an experiment without its config, another config’s, and another owner’s, with a sentence', async () => {
    const clock = new TestClock(Date.parse('2026-06-10T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'experiments-refuse@studio.test', { clock, configs: 2 });
    const [first, second] = setup.configs.map((config) => config.id) as [string, string];
    await storeExperiment(setup, first, { id: 'exp_mine', status: 'running', startedAt: '2026-06-09T08:00:00Z' }, AB);

    const withoutConfig = await read(setup, 'experimentId=exp_mine');
    expect(withoutConfig.status).toBe(400);
    expect(withoutConfig.body).toMatchObject({ message: ANALYTICS_QUERY_MESSAGES.experimentNeedsConfig });
    for (const query of [`configId=${second}&experimentId=exp_mine`, `configId=${first}&experimentId=exp_nope`]) {
      const answer = await read(setup, query);
      expect(answer.status, query).toBe(404);
      expect(answer.body).toMatchObject({ message: ANALYTICS_QUERY_MESSAGES.experimentNotFound });
    }
    const tooLong = await read(setup, `configId=${first}&experimentId=${'x'.repeat(129)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ message: ANALYTICS_QUERY_MESSAGES.experimentIdInvalid });

    // Another studio on the same server: neither our config nor our experiment, through its own game.
    const other = await signedInClient(setup.server, 'experiments-intruder@studio.test');
    const game = (await other.post('/api/games', { name: 'Other', description: 'x', platforms: ['Web'] })).body as {
      id: string;
    };
    const theirs = await other.request(`/api/games/${game.id}/analytics?configId=${first}&experimentId=exp_mine`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('exp_mine');
    const ours = await other.request(`/api/games/${setup.game.id}/analytics?configId=${first}`);
    expect(ours.status).toBe(404);
  });
});
