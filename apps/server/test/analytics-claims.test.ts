import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@liveops/domain/analytics';
import { createLogger } from '../src/logging/logger';
import { createClaimAnalyticsFeed, feedClaimAnalytics, FEED_LATE_MS } from '../src/analytics/analytics-claims';
import { DAY, HOUR, publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
const logger = createLogger('error');

async function claimAs(setup: RuntimeGameSetup, playerId: string, configId: string) {
  const player = new RuntimeClient(setup.server.url);
  const signedIn = await player.signIn(setup.game.sdkKey, playerId);
  expect(signedIn.status, signedIn.text).toBe(200);
  const claimed = await player.claim(configId);
  expect(claimed.status, claimed.text).toBe(200);
  return player;
}

async function figures(setup: RuntimeGameSetup, query: string) {
  const answer = await setup.client.request(`/api/games/${setup.game.id}/analytics?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as AnalyticsResponse).days;
}

const claimedOf = (days: Awaited<ReturnType<typeof figures>>) =>
  days.map(({ day, claimed, claimedByCycleDay, claimedByStreak }) => ({
    day,
    claimed,
    day1: claimedByCycleDay[0],
    day2: claimedByCycleDay[1],
    streak1: claimedByStreak['1'],
    streak2: claimedByStreak['2'],
  }));

/** A published game on a clock at 2026-05-04 09:00 UTC, with a feed of its own (no pass run yet). */
async function feedGame(email: string) {
  const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
  const setup = await publishedRuntimeGame(servers, email, { clock });
  const db = setup.server.database.db;
  const feed = createClaimAnalyticsFeed({ db, logger, now: clock.now });
  return { clock, setup, configId: setup.configs[0]!.id, db, feed };
}

describe('claims in the analytics (decision 045)', () => {
  it('counts each claim once, on its UTC day, with its cycle day and streak, however often it is read', async () => {
    const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'claims-feed@studio.test', { clock });
    const first = setup.configs[0]!.id;
    const db = setup.server.database.db;
    const one = await claimAs(setup, 'player-1', first);
    await claimAs(setup, 'player-2', first);
    await claimAs(setup, 'player-3', first);

    const feed = createClaimAnalyticsFeed({ db, logger, now: clock.now });
    await feed.pass();
    const game = claimedOf(await figures(setup, 'from=2026-05-04&to=2026-05-04'));
    expect(game).toEqual([{ day: '2026-05-04', claimed: 3, day1: 3, day2: 0, streak1: 3, streak2: 0 }]);
    expect(claimedOf(await figures(setup, `from=2026-05-04&to=2026-05-04&configId=${first}`))).toEqual(game);

    // Read again by this instance, by a new one (its start-up pass), and directly: nothing counted twice.
    await feed.pass();
    await createClaimAnalyticsFeed({ db, logger, now: clock.now }).pass();
    const direct = await feedClaimAnalytics(db, { from: clock.time - DAY, to: clock.time + 1 });
    expect(direct.read.size).toBe(3);
    expect(direct.accepted).toBe(0);
    expect(claimedOf(await figures(setup, 'from=2026-05-04&to=2026-05-04'))).toEqual(game);

    // The next day: player 1 comes back (day 2, streak 2), player 2 does not.
    clock.advance(DAY);
    expect((await one.claim(first)).status).toBe(200);
    await feed.pass();
    expect(claimedOf(await figures(setup, 'from=2026-05-04&to=2026-05-05'))).toEqual([
      { day: '2026-05-04', claimed: 3, day1: 3, day2: 0, streak1: 3, streak2: 0 },
      { day: '2026-05-05', claimed: 1, day1: 0, day2: 1, streak1: 0, streak2: 1 },
    ]);
    await feed.stop();
  });

  it('counts a claim that committed after a pass had read past it, and never a support reset', async () => {
    const { clock, setup, configId, db, feed } = await feedGame('claims-feed-late@studio.test');
    await claimAs(setup, 'player-1', configId);
    await feed.pass();
    clock.advance(10_000);
    await feed.pass();

    // A claim decided two minutes ago whose row only now became visible (a slow commit): the next full pass, at
    // most FEED_LATE_MS back, counts it. A support reset's row (kind reset) is never a claim.
    const [player] = (
      (await db.execute(sql`select id from player where player_id = 'player-1'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    await claimAs(setup, 'player-2', configId);
    const [lateRow] = (
      (await db.execute(
        sql`select c.player_ref from daily_reward_claim c join player p on p.id = c.player_ref where p.player_id = 'player-2'`,
      )) as unknown as { rows: { player_ref: string }[] }
    ).rows;
    await db.execute(
      sql`update daily_reward_claim set claimed_at = claimed_at - interval '2 minutes' where player_ref = ${lateRow!.player_ref}`,
    );
    await db.execute(sql`insert into daily_reward_claim (id, player_ref, config_id, seq, day_key, cycle_day, streak,
        pack_id, idempotency_key, response, claimed_at, kind)
      values (${randomUUID()}, ${player!.id}, ${configId}, 2, 0, 1, 1, 'none', ${randomUUID()}, '{}',
        ${new Date(clock.time).toISOString()}::timestamptz, 'reset')`);
    // Passes that look back only since the previous one (less its overlap) may miss it...
    for (let pass = 0; pass < 40; pass++) {
      clock.advance(2_000);
      await feed.pass();
    }
    // ...but a full pass, every minute, has counted it by now; the reset row is not a claim.
    expect(claimedOf(await figures(setup, 'from=2026-05-04&to=2026-05-04'))[0]?.claimed).toBe(2);
    expect(FEED_LATE_MS).toBeGreaterThanOrEqual(2 * 60_000);
    await feed.stop();
  });

  it('counts at the next pass a claim that committed seconds after a pass read past it, beside one deleted since', async () => {
    const { clock, setup, configId, db, feed } = await feedGame('claims-feed-overlap@studio.test');
    await claimAs(setup, 'player-1', configId);
    await feed.pass();
    clock.advance(2_000);
    await claimAs(setup, 'player-2', configId);
    await feed.pass();
    // Player 3's claim was decided 3 s before the pass that just ran (in a second the feed had read) and only now
    // commits; player 2's claim is deleted with player 2 in the meantime.
    await claimAs(setup, 'player-3', configId);
    await db.execute(sql`update daily_reward_claim set claimed_at = claimed_at - interval '3 seconds'
      where player_ref = (select id from player where player_id = 'player-3')`);
    await db.execute(sql`delete from player where player_id = 'player-2'`);
    clock.advance(2_000);
    await feed.pass();
    expect(claimedOf(await figures(setup, 'from=2026-05-04&to=2026-05-04'))[0]?.claimed).toBe(3);
    await feed.stop();
  });

  it('catches up at start-up on a day of claims no feed has read', async () => {
    const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'claims-feed-start@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    await claimAs(setup, 'player-1', configId);
    clock.advance(20 * HOUR);
    await claimAs(setup, 'player-2', configId);
    const feed = createClaimAnalyticsFeed({ db: setup.server.database.db, logger, now: clock.now });
    await feed.pass();
    expect(claimedOf(await figures(setup, 'from=2026-05-04&to=2026-05-05')).map((day) => day.claimed)).toEqual([1, 1]);
    await feed.stop();
  });
});
