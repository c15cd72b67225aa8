import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CreateSessionResponse } from '@liveops/domain/runtime-api';
import {
  AUDIENCE_REFRESH_MS,
  AUDIENCE_SAMPLE_MAX,
  AudienceEstimateSchema,
  SegmentAudienceSchema,
} from '@liveops/domain/segments';
import { estimateOverSample } from '../src/segments/segment-audience';
import {
  createSegment,
  DAY,
  declareAttributes,
  publishedRuntimeGame,
  publishedRuntimeGameOn,
  RuntimeClient,
  TestClock,
  type RuntimeGameSetup,
} from './support/runtime';
import { useTestServers } from './support/use-test-servers';

/**
 * Segment audiences (decision 054): each saved segment's players who matched it at their last
 * session, of the game's players seen in the last 30 days, kept for a minute per game; and a draft expression's
 * estimate over the game's most recently seen players, bounded in players and in time.
 */

const servers = useTestServers();
const NOW = Date.parse('2026-06-15T12:00:00Z');

async function session(setup: RuntimeGameSetup, playerId: string, attributes: Record<string, unknown>) {
  const answer = await new RuntimeClient(setup.server.url).signIn(setup.game.sdkKey, playerId, { attributes });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as CreateSessionResponse;
}

async function audience(setup: RuntimeGameSetup) {
  const answer = await setup.client.get(`/api/games/${setup.game.id}/segments/audience`);
  expect(answer.status, answer.text).toBe(200);
  return SegmentAudienceSchema.parse(answer.body);
}

async function estimate(setup: RuntimeGameSetup, expression: unknown) {
  return setup.client.post(`/api/games/${setup.game.id}/segments/audience-estimate`, { expression });
}

/**
 * Five players at different times (the clock moved between their sessions), two segments:
 * - out-of-window: iOS, a whale, last seen 40 days ago (not counted anywhere);
 * - ios-recent: iOS, seen 10 days ago; android-whale: Android, a whale, seen yesterday; web-whale: Web, a whale, now;
 * - switched: iOS 5 days ago, Android now (counted as they were at their last session).
 */
async function fixture(email: string) {
  const clock = new TestClock(NOW - 40 * DAY);
  const setup = await publishedRuntimeGame(servers, email, { clock, configs: 0 });
  const whales = await createSegment(setup, 'Whales', 'player.totalSpend > 100.0');
  const ios = await createSegment(setup, 'iOS', 'player.platform == "iOS"');
  await session(setup, 'out-of-window', { platform: 'iOS', totalSpend: 500 });
  clock.time = NOW - 10 * DAY;
  await session(setup, 'ios-recent', { platform: 'iOS', totalSpend: 0 });
  clock.time = NOW - 5 * DAY;
  await session(setup, 'switched', { platform: 'iOS', totalSpend: 0 });
  clock.time = NOW - DAY;
  await session(setup, 'android-whale', { platform: 'Android', totalSpend: 250 });
  clock.time = NOW;
  await session(setup, 'web-whale', { platform: 'Web', totalSpend: 150 });
  await session(setup, 'switched', { platform: 'Android', totalSpend: 0 });
  return { clock, setup, whales, ios };
}

describe('GET /api/games/:gameId/segments/audience', () => {
  it("counts each segment's players as matched at their last session, of the game's players seen in 30 days", async () => {
    const { setup, whales, ios } = await fixture('audience-counts@studio.test');
    const counted = await audience(setup);
    expect(counted).toEqual({
      windowDays: 30,
      seen: 4,
      segments: { [whales.id]: 2, [ios.id]: 1 },
      countedAt: new Date(NOW).toISOString(),
    });
  });

  it("never counts another game's players, even one whose row names this game's segment", async () => {
    const { clock, setup, whales } = await fixture('audience-other-game@studio.test');
    const other = await publishedRuntimeGameOn(setup.server, 'audience-other-owner@studio.test', { configs: 0 });
    for (const playerId of ['web-whale', 'other-1', 'other-2']) {
      await session(other, playerId, { platform: 'Web', totalSpend: 900 });
    }
    // What no session writes, so that a count missing its game filter would show: the other game's players as
    // matching this game's segment.
    await setup.server.database.db.execute(
      sql`update player set matched_segments = array[${whales.id}]::text[] where game_id = ${other.game.id}`,
    );
    clock.time = NOW;
    const counted = await audience(setup);
    expect(counted.seen).toBe(4);
    expect(counted.segments[whales.id]).toBe(2);
    expect((await audience(other)).seen).toBe(3);
  });

  it('keeps the counts for a minute: views within it read what was counted, the next one counts again', async () => {
    const { clock, setup, whales } = await fixture('audience-kept@studio.test');
    const first = await audience(setup);
    await session(setup, 'new-whale', { platform: 'iOS', totalSpend: 300 });
    clock.advance(AUDIENCE_REFRESH_MS - 1);
    expect(await audience(setup)).toEqual(first);
    clock.advance(1);
    const again = await audience(setup);
    expect(again.seen).toBe(5);
    expect(again.segments[whales.id]).toBe(3);
    expect(again.countedAt).toBe(new Date(NOW + AUDIENCE_REFRESH_MS).toISOString());
  });

  it('answers no players and no segments for a game nobody has played', async () => {
    const clock = new TestClock(NOW);
    const setup = await publishedRuntimeGame(servers, 'audience-empty@studio.test', { clock, configs: 0 });
    await createSegment(setup, 'Whales', 'player.totalSpend > 100.0');
    expect(await audience(setup)).toMatchObject({ seen: 0, segments: {} });
  });
});

describe('POST /api/games/:gameId/segments/audience-estimate', () => {
  it("evaluates a draft over the game's recent players as their sessions would, with the sample's size", async () => {
    const { setup } = await fixture('audience-estimate@studio.test');
    const answer = await estimate(setup, 'player.platform == "Android"');
    expect(answer.status, answer.text).toBe(200);
    expect(AudienceEstimateSchema.parse(answer.body)).toEqual({
      windowDays: 30,
      sampleMax: AUDIENCE_SAMPLE_MAX,
      sampled: 4,
      evaluated: 4,
      matched: 2,
      failed: 0,
      complete: true,
      sampledAt: new Date(NOW).toISOString(),
    });
    // The server's own facts count too: sessionCount of the player seen twice.
    expect(((await estimate(setup, 'player.sessionCount == 2')).body as { matched: number }).matched).toBe(1);
  });

  it('counts a player lacking a custom attribute as not matching, and says how many did', async () => {
    const { setup } = await fixture('audience-estimate-custom@studio.test');
    expect((await declareAttributes(setup, [{ name: 'chapter', type: 'int' }])).status).toBe(200);
    await session(setup, 'ios-recent', { chapter: 5 });
    const answer = await estimate(setup, 'player.chapter >= 3');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ sampled: 4, evaluated: 4, matched: 1, failed: 3 });
  });

  it('samples only the 1,000 most recently seen players of the window', async () => {
    const clock = new TestClock(NOW);
    const setup = await publishedRuntimeGame(servers, 'audience-sample@studio.test', { clock, configs: 0 });
    // 1,200 players a minute apart; level 99 for the 100 most recent and for the 100 least recent, 1 otherwise.
    await setup.server.database.db.execute(sql`
      insert into player (id, game_id, player_id, time_zone, attributes, session_count, created_at, last_seen_at)
      select gen_random_uuid()::text, ${setup.game.id}, 'p' || i, 'UTC',
             jsonb_build_object('level', case when i <= 100 or i > 1100 then 99 else 1 end), 1,
             ${new Date(NOW - DAY).toISOString()}::timestamptz,
             ${new Date(NOW).toISOString()}::timestamptz - i * interval '1 minute'
      from generate_series(1, 1200) as i`);
    const answer = await estimate(setup, 'player.level == 99');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ sampled: 1000, evaluated: 1000, matched: 100, complete: true });
  });

  it('stops evaluating when its time budget is spent, and says how far it got', () => {
    const sample = Array.from({ length: 500 }, () => ({
      attributes: { level: 7 },
      sessionCount: 1,
      createdAt: NOW,
    }));
    // A clock 100 ms further at each look, which it takes every 50 players: 300 ms spent after 150 players.
    let tick = 0;
    const clock = () => (tick += 100);
    expect(estimateOverSample(sample, 'player.level == 7', [], NOW, clock, 250)).toEqual({
      evaluated: 150,
      matched: 150,
      failed: 0,
      complete: false,
    });
    expect(estimateOverSample(sample, 'player.level == 7', [], NOW, () => 0, 250)).toEqual({
      evaluated: 500,
      matched: 500,
      failed: 0,
      complete: true,
    });
  });

  it.each([
    ['a typo', 'player.platfrom == "iOS"', 'No such key: platfrom (line 1, column 8). Did you mean `platform`?'],
    ['no expression', '', 'Expression is required.'],
    ['a number', 42, 'Expression is required.'],
    ['a result that is not true or false', 'player.level + 1', 'The expression must give true or false'],
  ])('refuses %s with the checker’s message', async (_name, expression, message) => {
    const clock = new TestClock(NOW);
    const setup = await publishedRuntimeGame(servers, 'audience-refused@studio.test', { clock, configs: 0 });
    const answer = await estimate(setup, expression);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message.startsWith(message)).toBe(true);
  });
});
