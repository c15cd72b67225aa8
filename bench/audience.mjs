#!/usr/bin/env node
// Segment audiences at scale on PostgreSQL (decision 054). A game of 100,000 players
// (BENCH_PLAYERS), their last sessions spread over 45 days (two thirds in the 30-day window), each having matched
// some of the game's 10 segments, among 100,000 players of another game; rows written straight into the player
// table, as sessions leave them. Timed: the audience count's statement itself (what a page view pays once a minute
// per game), the tab's GET …/segments/audience as page views read it (the kept count), and a draft's estimate
// (POST …/segments/audience-estimate: its first call reads the 1,000 most recent players, later ones evaluate the
// kept sample), beside the signed-in GET /api/me of the same run, the floor. Prints figures; asserts nothing. Build
// first (npm run build).
import pg from 'pg';
import { apiCaller, createDeveloper, percentile, startServer, temporaryDataDir, withFreshPostgres } from './lib.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 30);
const SEGMENTS = 10;
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;

/** @param {() => Promise<unknown>} action */
async function timed(action) {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** @param {number} count @param {() => Promise<unknown>} action */
async function times(count, action) {
  /** @type {number[]} */
  const taken = [];
  for (let i = 0; i < count; i++) taken.push(await timed(action));
  return taken;
}

const line = (/** @type {string} */ name, /** @type {number[]} */ taken, /** @type {number} */ floor) =>
  console.log(
    `${name.padEnd(58)} p50 ${ms(percentile(taken, 50)).padStart(9)}  p95 ${ms(percentile(taken, 95)).padStart(9)}  ${(
      percentile(taken, 50) / floor
    ).toFixed(1)}× floor`,
  );

console.log(`Audience bench: ${PLAYERS.toLocaleString('en-US')} players of one game among as many of another`);
const outcome = await withFreshPostgres(async (databaseUrl) => {
  const data = temporaryDataDir('liveops-bench-audience-');
  const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }).catch(
    async (error) => {
      await data.remove();
      throw error;
    },
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const cookie = await createDeveloper(server, 'audience-bench@studio.test');
    const call = apiCaller(server, cookie);
    const game = await call('POST', '/api/games', { name: 'Audience Bench', description: 'b', platforms: ['iOS'] });
    const other = await call('POST', '/api/games', { name: 'Other Game', description: 'b', platforms: ['iOS'] });
    /** @type {string[]} */
    const segmentIds = [];
    for (let i = 0; i < SEGMENTS; i++) {
      const created = await call('POST', `/api/games/${game.id}/segments`, {
        name: `Level ${i * 10}+`,
        expression: `player.level >= ${i * 10}`,
      });
      segmentIds.push(created.id);
    }
    const loaded = await timed(async () => {
      for (const gameId of [other.id, game.id]) {
        // Player i is at level i % 100, seen i * (45 days / PLAYERS) ago, and matched the segments it qualifies for.
        await db.query(
          `insert into player (id, game_id, player_id, time_zone, attributes, session_count, matched_segments,
                               created_at, last_seen_at)
           select gen_random_uuid()::text, $1, 'player-' || i, 'UTC',
                  jsonb_build_object('level', i % 100, 'platform', 'iOS', 'country', 'DE', 'totalSpend', i % 7),
                  1 + i % 40, (select coalesce(array_agg(s), '{}') from unnest($2::text[]) with ordinality as u(s, n)
                                where (n - 1) * 10 <= i % 100),
                  now() - interval '60 days', now() - (i * (45.0 / $3)) * interval '1 day'
           from generate_series(1, $3) as i`,
          [gameId, segmentIds, PLAYERS],
        );
      }
      await db.query('vacuum analyze player');
    });
    console.log(`loaded ${(2 * PLAYERS).toLocaleString('en-US')} players in ${ms(loaded)}`);

    const floor = await times(ROUNDS, () => call('GET', '/api/me'));
    const floorP50 = percentile(floor, 50);
    // The statement countAudiences runs (apps/server/src/segments/segment-audience.ts), straight on the database.
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const count = await times(ROUNDS, () =>
      db.query(
        `with recent as (select matched_segments from player where game_id = $1 and last_seen_at >= $2)
         select null as segment_id, count(*)::int as players from recent
         union all
         select segment_id, count(*)::int from recent, unnest(matched_segments) as segment_id group by segment_id`,
        [game.id, since],
      ),
    );
    /** @type {any} */
    let first;
    const firstView = await timed(async () => (first = await call('GET', `/api/games/${game.id}/segments/audience`)));
    const views = await times(ROUNDS, () => call('GET', `/api/games/${game.id}/segments/audience`));
    const estimatePath = `/api/games/${game.id}/segments/audience-estimate`;
    const firstEstimate = await timed(() => call('POST', estimatePath, { expression: 'player.level >= 50' }));
    /** @type {any} */
    let estimate;
    const estimates = await times(ROUNDS, async () => {
      estimate = await call('POST', estimatePath, { expression: 'player.level >= 50 && player.totalSpend > 2.0' });
    });

    console.log(`\nfloor: signed-in GET /api/me p50 ${ms(floorP50)}, p95 ${ms(percentile(floor, 95))}`);
    line('the count statement, 30-day window (once a minute a game)', count, floorP50);
    console.log(`${'GET …/segments/audience, first view (counts)'.padEnd(58)} ${ms(firstView)}`);
    line('GET …/segments/audience, later views (the kept count)', views, floorP50);
    console.log(`${'POST …/audience-estimate, first (reads the sample)'.padEnd(58)} ${ms(firstEstimate)}`);
    line('POST …/audience-estimate, later (evaluates 1,000 players)', estimates, floorP50);
    console.log(
      `\ncounted: ${first.seen.toLocaleString('en-US')} players seen in 30 days; "Level 50+" ${(
        first.segments[segmentIds[5] ?? ''] ?? 0
      ).toLocaleString(
        'en-US',
      )}; estimate ${estimate.matched} of ${estimate.evaluated} (complete: ${estimate.complete})`,
    );
    return true;
  } finally {
    await db.end();
    await server.stop();
    await data.remove();
  }
});
if (outcome === null) process.exitCode = 0;
