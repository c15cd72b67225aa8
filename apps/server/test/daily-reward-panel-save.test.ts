import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { EXPERIMENT_API_MESSAGES, type Experiment } from '@liveops/domain/experiments';
import { type Game } from '@liveops/domain/games';
import { type Item, type Pack } from '@liveops/domain/inventory';
import { type Segment } from '@liveops/domain/segments';
import { TARGETING_MESSAGES } from '@liveops/domain/targeting';
import { dailyReward, experimentVariant } from '../src/db/schema';
import { signedInClient } from './support/accounts';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/**
 * The Daily Rewards panel's one save (decision 055): PATCH …/daily-rewards/:id stores the days, the day rules, the
 * targeting and the running experiment's variants in one transaction, and a refusal of any part stores none.
 */

const servers = useTestServers();
/** Each test starts a server and sets up a game with an experiment: generous on a busy machine. */
const SLOW = 120_000;

type Setup = {
  server: TestServer;
  client: TestClient;
  game: Game;
  packs: Pack[];
  config: DailyReward;
  whales: Segment;
};

async function setUp(email: string): Promise<Setup> {
  const server = await servers.start();
  const client = await signedInClient(server, email);
  const game = (await client.post('/api/games', { name: 'Panel Game', description: 'x', platforms: ['iOS'] }))
    .body as Game;
  const item = (
    await client.post(`/api/games/${game.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 })
  ).body as Item;
  const packs: Pack[] = [];
  for (const name of ['Small Chest', 'Big Chest']) {
    const created = await client.post(`/api/games/${game.id}/packs`, {
      name,
      contents: [{ itemId: item.id, quantity: 10 }],
    });
    expect(created.status).toBe(201);
    packs.push(created.body as Pack);
  }
  const config = (await client.post(`/api/games/${game.id}/daily-rewards`, {})).body as DailyReward;
  const first = await patch({ client, game }, config.id, { rewards: week(packs[0]!.id), cycleDays: 7 });
  expect(first.status).toBe(200);
  const whales = (
    await client.post(`/api/games/${game.id}/segments`, { name: 'Whales', expression: 'player.totalSpend > 100.0' })
  ).body as Segment;
  const started = await client.post(`/api/games/${game.id}/daily-rewards/${config.id}/experiment`, {
    variants: [
      { id: 'A', name: 'A', weight: 50 },
      { id: 'B', name: 'B', weight: 50 },
    ],
  });
  expect(started.status, started.text).toBe(201);
  return { server, client, game, packs, config: first.body as DailyReward, whales };
}

const week = (packId: string) => Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId }));
const patch = (s: Pick<Setup, 'client' | 'game'>, id: string, json: unknown) =>
  s.client.request(`/api/games/${s.game.id}/daily-rewards/${id}`, { method: 'PATCH', json });
const row = async (s: Setup) =>
  (await s.server.database.db.select().from(dailyReward).where(eq(dailyReward.id, s.config.id)))[0]!;
const variantNames = async (s: Setup) =>
  (await s.server.database.db.select().from(experimentVariant))
    .sort((a, b) => a.position - b.position)
    .map((v) => `${v.variantId}:${v.name}:${v.weight}`);

/** Everything the panel edits, changed from what setUp stored. */
const wholePanel = (s: Setup) => ({
  rewards: week(s.packs[1]!.id),
  cycleDays: 7,
  baseRewardsVersion: s.config.rewardsVersion,
  dayStart: { kind: 'utc_time', minuteOfDay: 90 },
  missedDay: 'start_over',
  targeting: { segmentId: s.whales.id, startsAt: null, endsAt: null, priority: 5 },
  variants: [
    { id: 'A', name: 'Control', weight: 30 },
    { id: 'B', name: 'Teal', weight: 70 },
    { id: 'C', name: 'Gold', weight: 10 },
  ],
});

describe('the Daily Rewards panel’s one save', () => {
  it(
    'stores the days, the day rules, the targeting and the variants in one request, and answers them all',
    async () => {
      const s = await setUp('panel-save@studio.test');
      const saved = await patch(s, s.config.id, wholePanel(s));
      expect(saved.status, saved.text).toBe(200);
      const body = saved.body as DailyReward & { experiment: Experiment };
      expect(body.rewards.every((r) => r.packId === s.packs[1]!.id)).toBe(true);
      expect(body.rewardsVersion).toBe(s.config.rewardsVersion + 1);
      expect(body.dayStart).toEqual({ kind: 'utc_time', minuteOfDay: 90 });
      expect(body.missedDay).toBe('start_over');
      expect(body.targeting).toEqual({ segmentId: s.whales.id, startsAt: null, endsAt: null, priority: 5 });
      expect(body.experiment.variants.map((v) => [v.id, v.name, v.weight])).toEqual([
        ['A', 'Control', 30],
        ['B', 'Teal', 70],
        ['C', 'Gold', 10],
      ]);
      const stored = await row(s);
      expect(stored).toMatchObject({ segmentId: s.whales.id, priority: 5, missedDay: 'start_over' });
      expect(await variantNames(s)).toEqual(['A:Control:30', 'B:Teal:70', 'C:Gold:10']);
    },
    SLOW,
  );

  it(
    'stores none of it when the targeting is refused',
    async () => {
      const s = await setUp('panel-save-targeting@studio.test');
      const before = await row(s);
      const variantsBefore = await variantNames(s);
      const refused = await patch(s, s.config.id, {
        ...wholePanel(s),
        targeting: { segmentId: 'not-a-segment', startsAt: null, endsAt: null, priority: 5 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: TARGETING_MESSAGES.segmentUnknown });
      expect(await row(s)).toEqual(before);
      expect(await variantNames(s)).toEqual(variantsBefore);
    },
    SLOW,
  );

  it(
    'stores none of it when the variants are refused',
    async () => {
      const s = await setUp('panel-save-variants@studio.test');
      const before = await row(s);
      const refused = await patch(s, s.config.id, {
        ...wholePanel(s),
        variants: [
          { id: 'A', name: 'A', weight: 1 },
          { id: 'C', name: 'C', weight: 1 },
        ],
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'VARIANT_LIVE', message: EXPERIMENT_API_MESSAGES.variantLive });
      expect(await row(s)).toEqual(before);
      expect(await variantNames(s)).toEqual(['A:A:50', 'B:B:50']);
    },
    SLOW,
  );

  it(
    'stores none of it when the days changed meanwhile',
    async () => {
      const s = await setUp('panel-save-conflict@studio.test');
      expect((await patch(s, s.config.id, { rewards: week(s.packs[1]!.id), cycleDays: 7 })).status).toBe(200);
      const before = await row(s);
      const refused = await patch(s, s.config.id, wholePanel(s));
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'DAILY_REWARD_CONFLICT' });
      expect(await row(s)).toEqual(before);
      expect(await variantNames(s)).toEqual(['A:A:50', 'B:B:50']);
    },
    SLOW,
  );

  it(
    'refuses variants for a config that runs no experiment, storing nothing',
    async () => {
      const s = await setUp('panel-save-no-experiment@studio.test');
      expect(
        (
          await s.client.request(`/api/games/${s.game.id}/daily-rewards/${s.config.id}/experiment`, {
            method: 'DELETE',
          })
        ).status,
      ).toBe(200);
      const before = await row(s);
      const refused = await patch(s, s.config.id, wholePanel(s));
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ message: EXPERIMENT_API_MESSAGES.notRunning });
      expect(await row(s)).toEqual(before);
    },
    SLOW,
  );
});
