import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@liveops/domain/analytics';
import { createLogger } from '../src/logging/logger';
import { createClaimAnalyticsFeed } from '../src/analytics/analytics-claims';
import { createSessionAnalytics } from '../src/analytics/analytics-sessions';
import { DAY, publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
const logger = createLogger('error');

async function signIn(setup: RuntimeGameSetup, playerId: string) {
  const player = new RuntimeClient(setup.server.url);
  const signedIn = await player.signIn(setup.game.sdkKey, playerId);
  expect(signedIn.status, signedIn.text).toBe(200);
  return player;
}

async function figures(setup: RuntimeGameSetup, query: string) {
  const answer = await setup.client.request(`/api/games/${setup.game.id}/analytics?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as AnalyticsResponse).days;
}

const returnsOf = (days: Awaited<ReturnType<typeof figures>>) =>
  days.map(({ day, active, claimed, activeBackNextDay, activeBackDay7, claimedBackNextDay, claimedBackDay7 }) => ({
    day,
    active,
    claimed,
    activeBackNextDay,
    activeBackDay7,
    claimedBackNextDay,
    claimedBackDay7,
  }));

describe('sessions in the analytics (decision 047)', () => {
  it('counts a player with sessions as active once that UTC day, for the game and the config they get', async () => {
    const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'sessions-active@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    await signIn(setup, 'player-1');
    await signIn(setup, 'player-1');
    await signIn(setup, 'player-2');
    // Nothing is written by the session itself: the figures wait for the flush (every second on a server).
    expect((await figures(setup, 'from=2026-05-04&to=2026-05-04'))[0]?.sessions).toBe(0);
    await setup.server.flushSessionAnalytics();
    const [game] = await figures(setup, 'from=2026-05-04&to=2026-05-04');
    expect(game).toMatchObject({ sessions: 2, active: 2 });
    expect((await figures(setup, `from=2026-05-04&to=2026-05-04&configId=${configId}`))[0]).toMatchObject({
      sessions: 2,
      active: 2,
    });

    // The same sessions recorded by another instance (its own memory), and a session again here: counted once.
    const other = createSessionAnalytics({ db: setup.server.database.db, logger });
    const [row] = (
      (await setup.server.database.db.execute(sql`select id from player where player_id = 'player-1'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    other.record(setup.game.id, row!.id, configId, clock.time);
    await other.flush();
    await signIn(setup, 'player-2');
    await setup.server.flushSessionAnalytics();
    expect((await figures(setup, 'from=2026-05-04&to=2026-05-04'))[0]).toMatchObject({ sessions: 2, active: 2 });

    // The next day is a new day.
    clock.advance(DAY);
    await signIn(setup, 'player-2');
    await setup.server.flushSessionAnalytics();
    expect((await figures(setup, 'from=2026-05-04&to=2026-05-05')).map((day) => day.sessions)).toEqual([2, 1]);
  });

  it('keeps the sessions of a failed flush for the next one', async () => {
    const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'sessions-retry@studio.test', { clock });
    const db = setup.server.database.db;
    // The database refuses the first statement (a lost connection), then answers as usual.
    let failures = 1;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property === 'execute' && typeof value === 'function') {
          return (...args: unknown[]) => {
            if (failures-- > 0) return Promise.reject(new Error('connection lost'));
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const sessions = createSessionAnalytics({ db: flaky, logger });
    sessions.record(setup.game.id, 'player-ref-1', null, clock.time);
    sessions.record(setup.game.id, 'player-ref-1', null, clock.time + 1000);
    await expect(sessions.flush()).rejects.toThrow('connection lost');
    await sessions.flush();
    expect((await figures(setup, 'from=2026-05-04&to=2026-05-04'))[0]).toMatchObject({ sessions: 1, active: 1 });
    await sessions.stop();
  });

  it('counts claimers and other active players who come back the next day and a week later, whichever is recorded first', async () => {
    const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'sessions-returns@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const db = setup.server.database.db;
    // Day 0: anna and cleo claim, ben only signs in, dora claims.
    for (const name of ['anna', 'cleo', 'dora']) {
      expect((await (await signIn(setup, name)).claim(configId)).status).toBe(200);
    }
    await signIn(setup, 'ben');
    await setup.server.flushSessionAnalytics();
    // Day 1: anna and ben come back, before any feed has read day 0's claims: their pairs are made when the
    // claims arrive after the sessions of the next day.
    clock.advance(DAY);
    await signIn(setup, 'anna');
    await signIn(setup, 'ben');
    await setup.server.flushSessionAnalytics();
    const feed = createClaimAnalyticsFeed({ db, logger, now: clock.now });
    await feed.pass();
    // Day 7: cleo and ben come back; dora never does.
    clock.advance(6 * DAY);
    await signIn(setup, 'cleo');
    await signIn(setup, 'ben');
    await setup.server.flushSessionAnalytics();
    await feed.pass();

    const expected = {
      day: '2026-05-04',
      active: 4,
      claimed: 3,
      activeBackNextDay: 2,
      activeBackDay7: 2,
      claimedBackNextDay: 1,
      claimedBackDay7: 1,
    };
    expect(returnsOf(await figures(setup, 'from=2026-05-04&to=2026-05-04'))).toEqual([expected]);
    expect(returnsOf(await figures(setup, `from=2026-05-04&to=2026-05-04&configId=${configId}`))).toEqual([expected]);
    // Day 1's cohort (anna, ben) has its own day 7 still to come; read again, nothing moved.
    await feed.pass();
    await setup.server.flushSessionAnalytics();
    expect(returnsOf(await figures(setup, 'from=2026-05-04&to=2026-05-05'))).toEqual([
      expected,
      {
        day: '2026-05-05',
        active: 2,
        claimed: 0,
        activeBackNextDay: 0,
        activeBackDay7: 0,
        claimedBackNextDay: 0,
        claimedBackDay7: 0,
      },
    ]);
    await feed.stop();
  });
});
