import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_QUERY_MESSAGES,
  EVENT_BATCH_MAX_BYTES,
  recountRollups,
  type AnalyticsEvent,
  type AnalyticsResponse,
  type PlayerPresence,
  type RollupRow,
} from '@liveops/domain/analytics';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { decodePopupSession } from '@liveops/domain/popup';
import { RUNTIME_MESSAGES } from '@liveops/domain/runtime-api';
import type { Db } from '../src/db/database';
import {
  readDailyRollups,
  recordAnalyticsEvents,
  ROLLUP_SHARDS,
  type RecordedEvent,
} from '../src/analytics/analytics-events';
import { analyticsPartitionDays, maintainAnalyticsPartitions } from '../src/analytics/analytics-partitions';
import { signedInClient } from './support/accounts';
import { DAY, publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

type Answer = Awaited<ReturnType<RuntimeClient['request']>>;

async function signedInPlayer(setup: RuntimeGameSetup, playerId: string) {
  const player = new RuntimeClient(setup.server.url);
  const answer = await player.signIn(setup.game.sdkKey, playerId);
  expect(answer.status, answer.text).toBe(200);
  return player;
}

const event = (configId: string, type: string, clock: TestClock, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type,
  configId,
  clientTime: clock.time - 1000,
  ...extra,
});

const send = (player: RuntimeClient, json: unknown, token?: string): Promise<Answer> =>
  player.request('/v1/events', { method: 'POST', json, ...(token ? { token } : {}) });

async function analytics(setup: RuntimeGameSetup, query: string) {
  return setup.client.request(`/api/games/${setup.game.id}/analytics?${query}`);
}

async function rowCount(db: Db, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Every raw event of a game, as the domain's recount reads them. */
async function rawEvents(db: Db, gameId: string): Promise<AnalyticsEvent[]> {
  const result = (await db.execute(sql`
    select id, game_id, player_ref, kind, config_id, variant_id, to_char(day, 'YYYY-MM-DD') as day, cycle_day, streak
    from analytics_event where game_id = ${gameId}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    id: String(row.id),
    gameId: String(row.game_id),
    playerId: String(row.player_ref),
    kind: row.kind as AnalyticsEvent['kind'],
    configId: row.config_id === null ? null : String(row.config_id),
    variantId: row.variant_id === null ? null : String(row.variant_id),
    day: String(row.day),
    cycleDay: row.cycle_day === null ? null : Number(row.cycle_day),
    streak: row.streak === null ? null : Number(row.streak),
  }));
}

/** Every rollup row of a game, read the way the dashboard reads them. */
async function rollupRows(db: Db, gameId: string): Promise<RollupRow[]> {
  const keys = (await db.execute(sql`
    select distinct config_id, variant_id from analytics_daily where game_id = ${gameId}`)) as unknown as {
    rows: { config_id: string; variant_id: string }[];
  };
  const rows: RollupRow[] = [];
  for (const key of keys.rows) {
    rows.push(
      ...(await readDailyRollups(db, {
        gameId,
        configId: key.config_id || null,
        variantId: key.variant_id || null,
        from: '2000-01-01',
        to: '2999-12-31',
      })),
    );
  }
  const text = (row: RollupRow) => JSON.stringify([row.gameId, row.configId, row.variantId, row.day]);
  return rows.sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
}

describe('POST /v1/events', () => {
  it('counts each player once per day in the game’s and the config’s rollups, and a replay once', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'events-count@studio.test', { clock, configs: 2 });
    const [first, second] = setup.configs.map((config) => config.id) as [string, string];
    const one = await signedInPlayer(setup, 'player-1');
    const two = await signedInPlayer(setup, 'player-2');

    const batch = {
      events: [event(first, 'shown', clock), event(first, 'closed', clock), event(first, 'shown', clock)],
    };
    const sent = await send(one, batch);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ accepted: 3, duplicates: 0 });
    // The same batch again (a retry): nothing new.
    const replay = await send(one, batch);
    expect(replay.body).toEqual({ accepted: 0, duplicates: 3 });
    expect((await send(two, { events: [event(first, 'shown', clock), event(second, 'shown', clock)] })).status).toBe(
      200,
    );

    const game = (await analytics(setup, 'from=2026-03-01&to=2026-03-02')).body as AnalyticsResponse;
    expect(game.days.map(({ day, shown, closed }) => ({ day, shown, closed }))).toEqual([
      { day: '2026-03-01', shown: 0, closed: 0 },
      // Two shown events of player-1 are one player who saw it.
      { day: '2026-03-02', shown: 2, closed: 1 },
    ]);
    const config = (await analytics(setup, `from=2026-03-02&to=2026-03-02&configId=${second}`))
      .body as AnalyticsResponse;
    expect(config).toMatchObject({
      configId: second,
      experiment: null,
      days: [{ day: '2026-03-02', shown: 1, closed: 0 }],
    });

    // A retry just after midnight is still the same events: not counted on the new day.
    clock.advance(DAY);
    const late = await send(one, batch);
    expect(late.body).toEqual({ accepted: 0, duplicates: 3 });
    const next = (await analytics(setup, 'from=2026-03-03&to=2026-03-03')).body as AnalyticsResponse;
    expect(next.days[0]).toMatchObject({ shown: 0, closed: 0 });
    expect(await rollupRows(setup.server.database.db, setup.game.id)).toEqual(
      recountRollups(await rawEvents(setup.server.database.db, setup.game.id)),
    );
  });

  it('refuses events for another game’s config, or a popup token’s events for another config, storing nothing', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'events-scope@studio.test', { clock, configs: 2 });
    const other = await publishedRuntimeGame(servers, 'events-scope-2@studio.test', { clock, server: setup.server });
    const player = await signedInPlayer(setup, 'player-1');
    const stranger = await signedInPlayer(other, 'player-1');
    const db = setup.server.database.db;

    const foreign = await send(stranger, { events: [event(setup.configs[0]!.id, 'shown', clock)] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'not_found', message: RUNTIME_MESSAGES.configNotFound });
    const mixed = await send(player, {
      events: [event(setup.configs[0]!.id, 'shown', clock), event(other.configs[0]!.id, 'shown', clock)],
    });
    expect(mixed.status).toBe(404);

    const list = await player.request('/v1/daily-rewards');
    const state = (list.body as { dailyRewards: { configId: string; popupUrl: string }[] }).dailyRewards[0]!;
    const popup = decodePopupSession(new URL(state.popupUrl).hash)!.token;
    const elsewhere = setup.configs.find((config) => config.id !== state.configId)!.id;
    const scoped = await send(player, { events: [event(elsewhere, 'shown', clock)] }, popup);
    expect(scoped.status).toBe(403);
    expect(scoped.body).toEqual({ code: 'token_scope', message: RUNTIME_MESSAGES.tokenScope });
    expect(await rowCount(db, 'analytics_event')).toBe(0);
    expect(await rowCount(db, 'analytics_daily')).toBe(0);

    const own = await send(player, { events: [event(state.configId, 'shown', clock)] }, popup);
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('refuses bad batches with the domain’s messages, before counting anything', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'events-bad@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const player = await signedInPlayer(setup, 'player-1');
    const refused = async (json: unknown, message: string) => {
      const answer = await send(player, json);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error', message });
    };

    await refused({ events: Array.from({ length: 10_000 }, () => ({})) }, ANALYTICS_MESSAGES.batchTooLarge);
    await refused({ events: [] }, ANALYTICS_MESSAGES.batchEmpty);
    await refused({ events: [event(configId, 'purchased', clock)] }, ANALYTICS_MESSAGES.typeUnknown);
    await refused({ events: [event(configId, 'claimed', clock)] }, ANALYTICS_MESSAGES.typeServerOnly('claimed'));
    await refused({ events: [event(configId, 'session', clock)] }, ANALYTICS_MESSAGES.typeServerOnly('session'));
    await refused(
      { events: [event(configId, 'shown', clock, { clientTime: Date.UTC(3000, 0, 1) })] },
      ANALYTICS_MESSAGES.clientTimeTooLate,
    );
    await refused(
      { events: [event(configId, 'shown', clock, { playerId: 'someone-else' })] },
      ANALYTICS_MESSAGES.eventUnknownFields(['playerId']),
    );

    // A body over the limit is refused before it is read: here 1 MB.
    const huge = JSON.stringify({
      events: [event(configId, 'shown', clock, { properties: { x: 'y'.repeat(1 << 20) } })],
    });
    expect(huge.length).toBeGreaterThan(EVENT_BATCH_MAX_BYTES);
    const tooLarge = await player.request('/v1/events', {
      method: 'POST',
      body: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ code: 'payload_too_large', message: RUNTIME_MESSAGES.bodyTooLarge });
    // A full batch fits under the limit, above the other /v1 routes' 16 KiB.
    const full = await send(player, {
      events: Array.from({ length: 100 }, () =>
        event(configId, 'shown', clock, { properties: { note: 'n'.repeat(200) } }),
      ),
    });
    expect(full.status, full.text).toBe(200);
    expect(full.body).toEqual({ accepted: 100, duplicates: 0 });
    expect(await rowCount(setup.server.database.db, 'analytics_event')).toBe(100);

    const text = await player.request('/v1/events', {
      method: 'POST',
      body: '{"events":',
      headers: { 'content-type': 'application/json' },
    });
    expect(text.body).toEqual({ code: 'malformed_json', message: RUNTIME_MESSAGES.malformedJson });
    const anonymous = await new RuntimeClient(setup.server.url).request('/v1/events', { json: { events: [] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('a deleted game', () => {
  it('takes its raw events, presences (with their markers) and rollups with it, and no other game’s', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'events-delete@studio.test', { clock });
    const other = await publishedRuntimeGame(servers, 'events-delete-2@studio.test', { clock, server: setup.server });
    const db = setup.server.database.db;
    for (const game of [setup, other]) {
      const player = await signedInPlayer(game, 'player-1');
      expect((await send(player, { events: [event(game.configs[0]!.id, 'shown', clock)] })).status).toBe(200);
    }
    const counts = async () =>
      Promise.all(['analytics_event', 'analytics_daily', 'analytics_presence'].map((table) => rowCount(db, table)));
    // Each game: a raw event, two rollup rows, a presence holding the markers shown and active at the game and the
    // config (decision 048).
    expect(await counts()).toEqual([2, 4, 2]);
    const presence = (await db.execute(
      sql`SELECT days FROM analytics_presence WHERE game_id = ${setup.game.id}`,
    )) as unknown as { rows: { days: PlayerPresence }[] };
    expect(presence.rows[0]?.days['2026-03-02']?.m).toEqual({
      '': ['shown', 'active'],
      [setup.configs[0]!.id]: ['shown', 'active'],
    });
    const deleted = await setup.client.request(`/api/games/${setup.game.id}`, {
      method: 'DELETE',
      json: { confirmation: setup.game.name },
    });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    expect(await counts()).toEqual([1, 2, 1]);
    expect((await rawEvents(db, other.game.id)).length).toBe(1);
  });
});

describe('rollups', () => {
  it('equal a recount of the raw events after any split, order and replay of the batches', async () => {
    const server = await servers.start();
    const db = server.database.db;
    const players = ['p1', 'p2', 'p3'];
    const configs = ['c1', 'c2'];
    // Three days: the next day's and the seventh day's return pairs (decision 047) are made concurrently too.
    const days = [
      Date.parse('2026-03-02T12:00:00Z'),
      Date.parse('2026-03-03T12:00:00Z'),
      Date.parse('2026-03-09T12:00:00Z'),
    ];
    const eventArb = fc
      .record({
        id: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5', 'e6'),
        player: fc.constantFrom(...players),
        kind: fc.constantFrom('shown', 'closed', 'claimed', 'session'),
        config: fc.constantFrom(...configs),
        variant: fc.constantFrom(null, 'A', 'B'),
        day: fc.constantFrom(0, 1, 2),
        cycleDay: fc.integer({ min: 1, max: 7 }),
        streak: fc.integer({ min: 1, max: 40 }),
      })
      .map((e) => ({ ...e, id: `${e.kind}-${e.id}` }));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(eventArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        async (batches) => {
          const gameId = `game-${run++}`;
          // Each batch arrives on one day; several at once, as from several players' devices.
          const sent = batches.map((batch, at) => {
            const day = (batch[0]?.day ?? 0) % 3;
            const receivedAt = days[day]! + at;
            const events: RecordedEvent[] = batch.map((e) => ({
              id: e.id,
              gameId,
              playerId: e.player,
              kind: e.kind as AnalyticsEvent['kind'],
              configId: e.kind === 'session' ? null : e.config,
              variantId: e.kind === 'session' ? null : e.variant,
              day: new Date(receivedAt).toISOString().slice(0, 10),
              cycleDay: e.kind === 'claimed' ? e.cycleDay : null,
              streak: e.kind === 'claimed' ? e.streak : null,
              clientTime: null,
              properties: null,
            }));
            return { day, write: () => recordAnalyticsEvents(db, events, receivedAt) };
          });
          // An event counts on the day it arrives: the 2nd's and the 3rd's batches arrive in any order (a claim
          // the feed reads a day late), in two concurrent halves, and then the 9th's.
          for (const group of [sent.filter((b) => b.day < 2), sent.filter((b) => b.day === 2)]) {
            const halves = [group.slice(0, Math.ceil(group.length / 2)), group.slice(Math.ceil(group.length / 2))];
            for (const half of halves) await Promise.all(half.map((batch) => batch.write()));
          }
          // Every batch again: replays change nothing.
          await Promise.all(sent.map((batch) => batch.write()));
          expect(await rollupRows(db, gameId)).toEqual(recountRollups(await rawEvents(db, gameId)));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it('equal a recount after many concurrent batches of one game, bumped into several shard rows', async () => {
    const server = await servers.start();
    const db = server.database.db;
    const gameId = 'reset-burst';
    const receivedAt = Date.parse('2026-03-02T00:00:05Z');
    // A daily reset: 48 players' batches at once, each showing, closing and claiming the one daily reward.
    const batches = Array.from({ length: 48 }, (_, player): RecordedEvent[] =>
      (['session', 'shown', 'closed', 'claimed'] as const).map((kind) => ({
        id: `${kind}-1`,
        gameId,
        playerId: `player-${player}`,
        kind,
        configId: kind === 'session' ? null : 'daily',
        variantId: null,
        day: '2026-03-02',
        cycleDay: kind === 'claimed' ? (player % 7) + 1 : null,
        streak: kind === 'claimed' ? player + 1 : null,
        clientTime: null,
        properties: null,
      })),
    );
    // The first alone makes the day's partitions; then the other 47 at once.
    await recordAnalyticsEvents(db, batches[0]!, receivedAt);
    await Promise.all(batches.slice(1).map((events) => recordAnalyticsEvents(db, events, receivedAt)));
    // A replay of all of them at once adds nothing, wherever its rows would land.
    await Promise.all(batches.map((events) => recordAnalyticsEvents(db, events, receivedAt)));
    const rows = await rollupRows(db, gameId);
    expect(rows).toEqual(recountRollups(await rawEvents(db, gameId)));
    expect(rows.find((row) => row.configId === 'daily')).toMatchObject({ shown: 48, closed: 48, claimed: 48 });
    // The batches did not all bump one row (whose lock each would hold until its COMMIT): the game's day is spread
    // over shards (48 batches in one of 16 shards at random: all in one has a chance of 16^-47).
    const shards = (await db.execute(sql`
      select count(distinct shard)::int as n, max(shard)::int as top from analytics_daily
      where game_id = ${gameId} and config_id = ''`)) as unknown as { rows: { n: number; top: number }[] };
    expect(Number(shards.rows[0]?.n)).toBeGreaterThan(1);
    expect(Number(shards.rows[0]?.top)).toBeLessThan(ROLLUP_SHARDS);
  }, 60_000);
});

describe('the raw events’ retention', () => {
  it('drops a day’s partition once past the retention, keeping the rollups, and makes the coming days', async () => {
    const server = await servers.start();
    const db = server.database.db;
    const now = Date.parse('2026-06-15T08:00:00Z');
    const old = now - 95 * DAY;
    const kept = now - 89 * DAY;
    const of = (id: string, at: number): RecordedEvent => ({
      id,
      gameId: 'g',
      playerId: 'p',
      kind: 'shown',
      configId: 'c',
      variantId: null,
      day: new Date(at).toISOString().slice(0, 10),
      cycleDay: null,
      streak: null,
      clientTime: at,
      properties: null,
    });
    await recordAnalyticsEvents(db, [of('old', old)], old);
    await recordAnalyticsEvents(db, [of('kept', kept)], kept);

    const dropped = await maintainAnalyticsPartitions(db, { now, retentionDays: 90 });
    expect(dropped.analytics_event).toEqual(['2026-03-12']);
    const events = await analyticsPartitionDays(db, 'analytics_event');
    expect(events).toEqual(['2026-03-18', '2026-06-14', '2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18']);
    expect((await rawEvents(db, 'g')).map((e) => e.id)).toEqual(['kept']);
    // The rollups are kept: the old day still counts its player.
    const rows = await readDailyRollups(db, {
      gameId: 'g',
      configId: null,
      variantId: null,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(rows.map(({ day, shown }) => ({ day, shown }))).toEqual([
      { day: '2026-03-12', shown: 1 },
      { day: '2026-03-18', shown: 1 },
    ]);
    // Again (another instance, or the next hour): nothing more to do.
    expect(await maintainAnalyticsPartitions(db, { now, retentionDays: 90 })).toEqual({
      analytics_event: [],
    });
  });
});

describe('GET /api/games/:gameId/analytics', () => {
  it('answers every day of a bounded range to the game’s owner only', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'analytics-owner@studio.test', { clock });
    const byDefault = await analytics(setup, '');
    expect(byDefault.status, byDefault.text).toBe(200);
    const answer = byDefault.body as AnalyticsResponse;
    expect(answer).toMatchObject({ from: '2026-02-01', to: '2026-03-02', configId: null, experiment: null });
    expect(answer.days).toHaveLength(30);
    expect(answer.days[0]).toEqual({
      day: '2026-02-01',
      sessions: 0,
      shown: 0,
      closed: 0,
      claimed: 0,
      active: 0,
      activeBackNextDay: 0,
      activeBackDay7: 0,
      claimedBackNextDay: 0,
      claimedBackDay7: 0,
      claimedByCycleDay: [0, 0, 0, 0, 0, 0, 0],
      claimedByStreak: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0, '7': 0, '8-14': 0, '15-30': 0, '31+': 0 },
    });

    const refused = async (query: string, status: number, message: string) => {
      const got = await analytics(setup, query);
      expect(got.status, got.text).toBe(status);
      expect(got.body).toMatchObject({ message });
    };
    await refused('from=2016-01-01&to=2026-01-01', 400, ANALYTICS_QUERY_MESSAGES.rangeTooLong);
    await refused('from=2026-03-02&to=2026-03-01', 400, ANALYTICS_QUERY_MESSAGES.rangeReversed);
    await refused('from=2026-02-30', 400, ANALYTICS_QUERY_MESSAGES.dateInvalid);
    await refused('to=yesterday', 400, ANALYTICS_QUERY_MESSAGES.dateInvalid);
    await refused('configId=nope', 404, ANALYTICS_QUERY_MESSAGES.configNotFound);
    // A year exactly is allowed.
    expect((await analytics(setup, 'from=2025-03-02&to=2026-03-02')).status).toBe(200);

    const other = await signedInClient(setup.server, 'analytics-other@studio.test');
    const foreign = await other.request(`/api/games/${setup.game.id}/analytics`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: GAME_MESSAGES.notFound });
    const anonymous = await setup.server.client().request(`/api/games/${setup.game.id}/analytics`);
    expect(anonymous.status).toBe(401);
  });
});
