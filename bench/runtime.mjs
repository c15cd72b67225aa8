#!/usr/bin/env node
// The player runtime on PostgreSQL (decision 034): 100,000 players of one game, then with autocannon at 50 connections
// sessions (returning players signing in), the daily-reward list, claims (one per player, each with its own
// Idempotency-Key) and the inventory, printed beside a bare Node HTTP server (the floor) and the dashboard's
// signed-in GET /api/me of the same run. A second game is targeted (decision 038): 20 configs, each with a segment over
// custom attributes and a priority, 100,000 players; its sessions and list are measured beside the untargeted list.
// Then a reset-time burst: 20,000 other players claim over 200 connections, each once. The database is checked
// afterwards: one claim per player, no double grant, balances equal to the ledger. Each case prints the server's and
// PostgreSQL's CPU time per request (when PostgreSQL runs on this machine). Prints figures beside the targets;
// asserts nothing. Build first (npm run build).
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  apiCaller,
  createDeveloper,
  gameWithGold,
  POSTGRES_ADMIN_URL,
  postgresCpuMs,
  printableUrl,
  processCpuMs,
  startFloorServer,
  startServer,
  temporaryDataDir,
  withFreshPostgres,
} from './lib.mjs';

/**
 * The part of autocannon 9's programmatic API used here (the package ships no types).
 * @typedef {{ method?: string, path?: string, headers?: Record<string, string>, body?: string }} RawRequest
 * @typedef {{ url: string, connections: number, duration?: number, amount?: number, headers?: Record<string, string>,
 *   method?: string, body?: string, timeout?: number,
 *   requests?: { method?: string, path?: string, setupRequest?: (request: RawRequest) => RawRequest,
 *     onResponse?: (status: number, body: string) => void }[] }} AutocannonOptions
 * @typedef {{ requests: { average: number }, latency: { p50: number, p99: number, totalCount: number }, non2xx: number,
 *   errors: number, timeouts: number, duration: number, statusCodeStats?: Record<string, { count: number }> }} AutocannonResult
 */
/** @type {(options: AutocannonOptions) => Promise<AutocannonResult>} */
const autocannon = createRequire(import.meta.url)('autocannon');

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 15_000);
const BURST_PLAYERS = Number(process.env.BENCH_BURST_PLAYERS ?? 20_000);
const BURST_CONNECTIONS = 200;
const SESSIONS = CLAIMS + BURST_PLAYERS + 5_000;
/**
 * The targeted case (decision 038): configs with a segment each over custom attributes, and signed-in players of it.
 */
const TARGETED_CONFIGS = 20;
const TARGETED_SESSIONS = Number(process.env.BENCH_TARGETED_SESSIONS ?? 20_000);
const TIERS = ['bronze', 'silver', 'gold', 'platinum'];
const TAGS = ['pvp', 'builder', 'collector', 'social', 'whale'];

/** @typedef {{ name: string, rps: number, p50: number, p99: number, statuses: string, errors: number, seconds: number,
 *   serverCpu: number | null, postgresCpu: number | null }} Row */

/** The runtime server's process id, once started: its CPU time per request is printed beside each case. */
let serverPid = 0;

/**
 * @param {string} name
 * @param {AutocannonOptions} options
 * @returns {Promise<Row>}
 */
async function measure(name, options) {
  // With a profiler in BENCH_SERVER_NODE_OPTIONS that toggles on SIGUSR2, BENCH_PROFILE_CASE names the case to profile.
  const profiled = Boolean(
    serverPid && process.env.BENCH_PROFILE_CASE && name.startsWith(process.env.BENCH_PROFILE_CASE),
  );
  if (profiled) process.kill(serverPid, 'SIGUSR2');
  const serverBefore = serverPid ? processCpuMs(serverPid) : null;
  const postgresBefore = serverPid ? postgresCpuMs() : null;
  const result = await autocannon({ timeout: 30, ...options });
  const serverAfter = serverPid ? processCpuMs(serverPid) : null;
  const postgresAfter = serverPid ? postgresCpuMs() : null;
  if (profiled) process.kill(serverPid, 'SIGUSR2');
  const answered = Math.max(1, result.latency.totalCount);
  const perRequest = (/** @type {number | null} */ before, /** @type {number | null} */ after) =>
    before === null || after === null ? null : (after - before) / answered;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  const row = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    serverCpu: perRequest(serverBefore, serverAfter),
    postgresCpu: perRequest(postgresBefore, postgresAfter),
  };
  const cpu =
    row.serverCpu === null
      ? ''
      : `  CPU/req: server ${row.serverCpu.toFixed(2)} ms${row.postgresCpu === null ? '' : `, PostgreSQL ${row.postgresCpu.toFixed(2)} ms`}`;
  console.log(
    `  ${name.padEnd(34)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(4)} ms  ${row.seconds.toFixed(1)} s  (${statuses || 'no answers'}${row.errors ? `, ${row.errors} errors` : ''})${cpu}`,
  );
  return row;
}

/** Takes the next token of a list, one per request (each request is a different player). */
function rotating(/** @type {string[]} */ tokens, /** @type {number} */ start = 0) {
  let next = start;
  return () => tokens[next++ % tokens.length] ?? '';
}

const floor = await startFloorServer();
/** @type {Row[]} */
const rows = [];
let checks = /** @type {string[]} */ ([]);
let targetedShare = '';
try {
  console.log(`Player runtime bench: ${PLAYERS} players, ${CONNECTIONS} connections, ${SECONDS} s per timed case`);
  rows.push(await measure('floor: bare Node HTTP', { url: floor.url, connections: CONNECTIONS, duration: SECONDS }));

  const outcome = await withFreshPostgres(async (databaseUrl) => {
    const data = temporaryDataDir('liveops-bench-runtime-');
    const server = await startServer({
      DATA_DIR: data.dir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: process.env.BENCH_POOL_MAX ?? '20',
      LOG_LEVEL: 'warn',
      // The bench is one client machine: lift the per-key and per-address flood limits, keep the per-player one
      // as shipped.
      RUNTIME_KEY_RATE_LIMIT: '10000000',
      RUNTIME_ADDRESS_RATE_LIMIT: '100000000',
      RUNTIME_ADDRESS_SESSION_LIMIT: '10000000',
    });
    serverPid = server.pid;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const cookie = await createDeveloper(server, 'runtime-bench@studio.test');
      const call = apiCaller(server, cookie);
      const { game, gold } = await gameWithGold(call, 'Runtime Bench');
      const pack = await call('POST', `/api/games/${game.id}/packs`, {
        name: 'Daily Gold',
        contents: [{ itemId: gold.id, quantity: 10 }],
        iconId: 'coin',
      });
      const config = await call('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' });
      const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
      await call('PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, { rewards, cycleDays: 7 });
      const last = JSON.parse((await call('POST', `/api/games/${game.id}/releases`, {})).trim().split('\n').pop());
      if (last.type !== 'done') throw new Error(`publish failed: ${JSON.stringify(last)}`);

      // The targeted game: custom attributes, 20 segments over them, 20 configs each with a segment and a priority.
      const targeted = await gameWithGold(call, 'Runtime Bench Targeted');
      const targetedPack = await call('POST', `/api/games/${targeted.game.id}/packs`, {
        name: 'Daily Gold',
        contents: [{ itemId: targeted.gold.id, quantity: 10 }],
        iconId: 'coin',
      });
      await call('PUT', `/api/games/${targeted.game.id}/custom-attributes`, {
        customAttributes: [
          { name: 'tier', type: 'string' },
          { name: 'chapter', type: 'int' },
          { name: 'spendUsd', type: 'double' },
          { name: 'tags', type: 'list<string>' },
          { name: 'veteran', type: 'bool' },
        ],
      });
      for (let i = 0; i < TARGETED_CONFIGS; i++) {
        const expressions = [
          `player.tier == "${TIERS[i % TIERS.length]}" && player.chapter >= ${i}`,
          `"${TAGS[i % TAGS.length]}" in player.tags && player.spendUsd > ${i}.5`,
          `player.veteran && player.chapter > ${i * 2} || player.level > ${90 - i}`,
          `player.tags.exists(t, t == "${TAGS[(i + 1) % TAGS.length]}") && player.tier != "${TIERS[i % TIERS.length]}"`,
        ];
        const segment = await call('POST', `/api/games/${targeted.game.id}/segments`, {
          name: `Bench segment ${i + 1}`,
          description: 'bench',
          expression: expressions[i % expressions.length],
        });
        const targetedConfig = await call('POST', `/api/games/${targeted.game.id}/daily-rewards`, {
          name: `Calendar ${i + 1}`,
        });
        await call('PATCH', `/api/games/${targeted.game.id}/daily-rewards/${targetedConfig.id}`, {
          rewards: Array.from({ length: 7 }, (_, day) => ({ day: day + 1, packId: targetedPack.id })),
          cycleDays: 7,
        });
        await call('PUT', `/api/games/${targeted.game.id}/daily-rewards/${targetedConfig.id}/targeting`, {
          segmentId: segment.id,
          startsAt: null,
          endsAt: null,
          priority: i,
        });
      }
      const targetedRelease = JSON.parse(
        (await call('POST', `/api/games/${targeted.game.id}/releases`, {})).trim().split('\n').pop(),
      );
      if (targetedRelease.type !== 'done') throw new Error(`publish failed: ${JSON.stringify(targetedRelease)}`);
      /** The attributes the targeted game sends for its player n: spread over every segment. */
      const attributesOf = (/** @type {number} */ n) => ({
        level: n % 100,
        tier: TIERS[n % TIERS.length],
        chapter: n % 40,
        spendUsd: (n % 50) + 0.99,
        tags: [TAGS[n % TAGS.length], TAGS[(n >> 3) % TAGS.length]],
        veteran: n % 3 === 0,
      });

      // 100,000 players as the runtime makes them on first sight: a row, the base amount, its ledger entry.
      const seeded = performance.now();
      await db.query(
        `insert into player (id, game_id, player_id, time_zone, attributes, created_at, last_seen_at)
         select gen_random_uuid()::text, $1, 'bench-' || g, 'UTC', '{}'::jsonb, now(), now()
         from generate_series(1, $2::int) g`,
        [game.id, PLAYERS],
      );
      await db.query(
        `insert into wallet_balance (player_ref, item_id, amount) select id, $2, 1 from player where game_id = $1`,
        [game.id, gold.id],
      );
      await db.query(
        `insert into wallet_ledger (player_ref, item_id, amount, reason, created_at)
         select id, $2, 1, 'base_amount', now() from player where game_id = $1`,
        [game.id, gold.id],
      );
      await db.query(
        `insert into player (id, game_id, player_id, time_zone, attributes, created_at, last_seen_at)
         select gen_random_uuid()::text, $1, 'bench-' || g, 'UTC',
                jsonb_build_object('level', g % 100, 'tier', ($3::text[])[1 + g % 4], 'chapter', g % 40,
                                   'spendUsd', (g % 50) + 0.99, 'veteran', g % 3 = 0,
                                   'tags', jsonb_build_array(($4::text[])[1 + g % 5], ($4::text[])[1 + (g >> 3) % 5])),
                now(), now()
         from generate_series(1, $2::int) g`,
        [targeted.game.id, PLAYERS, TIERS, TAGS],
      );
      await db.query(
        `insert into wallet_balance (player_ref, item_id, amount) select id, $2, 1 from player where game_id = $1`,
        [targeted.game.id, targeted.gold.id],
      );
      await db.query('analyze');
      console.log(`  seeded 2 × ${PLAYERS} players in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

      /** @type {string[]} */
      const tokens = [];
      let nextPlayer = 1;
      rows.push(
        await measure('POST /v1/sessions', {
          url: server.url,
          connections: CONNECTIONS,
          amount: SESSIONS,
          requests: [
            {
              method: 'POST',
              path: '/v1/sessions',
              setupRequest: (request) => ({
                ...request,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ sdkKey: game.sdkKey, playerId: `bench-${nextPlayer++}`, timeZone: 'UTC' }),
              }),
              onResponse: (status, body) => {
                if (status === 200) tokens.push(JSON.parse(body).token);
              },
            },
          ],
        }),
      );
      if (tokens.length < CLAIMS + BURST_PLAYERS) throw new Error(`only ${tokens.length} sessions succeeded`);
      const claimTokens = tokens.slice(0, CLAIMS);
      const burstTokens = tokens.slice(CLAIMS, CLAIMS + BURST_PLAYERS);

      const authorized = (/** @type {() => string} */ next) => (/** @type {RawRequest} */ request) => ({
        ...request,
        headers: { authorization: `Bearer ${next()}` },
      });
      rows.push(
        await measure('GET /v1/daily-rewards', {
          url: server.url,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ path: '/v1/daily-rewards', setupRequest: authorized(rotating(tokens)) }],
        }),
      );
      /** @type {string[]} */
      const targetedTokens = [];
      let nextTargeted = 1;
      rows.push(
        await measure('POST /v1/sessions (targeted)', {
          url: server.url,
          connections: CONNECTIONS,
          amount: TARGETED_SESSIONS,
          requests: [
            {
              method: 'POST',
              path: '/v1/sessions',
              setupRequest: (request) => {
                const n = nextTargeted++;
                return {
                  ...request,
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({
                    sdkKey: targeted.game.sdkKey,
                    playerId: `bench-${n}`,
                    timeZone: 'UTC',
                    attributes: attributesOf(n),
                  }),
                };
              },
              onResponse: (status, body) => {
                if (status === 200) targetedTokens.push(JSON.parse(body).token);
              },
            },
          ],
        }),
      );
      if (targetedTokens.length < TARGETED_SESSIONS)
        throw new Error(`only ${targetedTokens.length} sessions succeeded`);
      let targetedAnswers = 0;
      let targetedWithConfig = 0;
      rows.push(
        await measure('GET /v1/daily-rewards (targeted)', {
          url: server.url,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [
            {
              path: '/v1/daily-rewards',
              setupRequest: authorized(rotating(targetedTokens)),
              onResponse: (status, body) => {
                if (status !== 200) return;
                targetedAnswers++;
                if (JSON.parse(body).dailyRewards.length === 1) targetedWithConfig++;
              },
            },
          ],
        }),
      );
      targetedShare = `${targetedWithConfig} of ${targetedAnswers} answers held the player's one config`;
      const nextClaimer = rotating(claimTokens);
      rows.push(
        await measure('POST /v1/daily-rewards/…/claim', {
          url: server.url,
          connections: CONNECTIONS,
          amount: CLAIMS,
          requests: [
            {
              method: 'POST',
              path: `/v1/daily-rewards/${config.id}/claim`,
              setupRequest: (request) => ({
                ...request,
                headers: { authorization: `Bearer ${nextClaimer()}`, 'idempotency-key': randomUUID() },
              }),
            },
          ],
        }),
      );
      rows.push(
        await measure('GET /v1/inventory', {
          url: server.url,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ path: '/v1/inventory', setupRequest: authorized(rotating(tokens, 7)) }],
        }),
      );
      rows.push(
        await measure('signed-in GET /api/me', {
          url: `${server.url}/api/me`,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { cookie },
        }),
      );
      const nextBurst = rotating(burstTokens);
      rows.push(
        await measure(`reset burst: ${BURST_PLAYERS} claims, c=${BURST_CONNECTIONS}`, {
          url: server.url,
          connections: BURST_CONNECTIONS,
          amount: BURST_PLAYERS,
          requests: [
            {
              method: 'POST',
              path: `/v1/daily-rewards/${config.id}/claim`,
              setupRequest: (request) => ({
                ...request,
                headers: { authorization: `Bearer ${nextBurst()}`, 'idempotency-key': randomUUID() },
              }),
            },
          ],
        }),
      );

      const one = async (/** @type {string} */ text) => Number((await db.query(text)).rows[0].n);
      const claims = await one('select count(*) as n from daily_reward_claim');
      const players = await one('select count(distinct player_ref) as n from daily_reward_claim');
      const twice = await one(
        'select count(*) as n from (select player_ref from daily_reward_claim group by player_ref, config_id having count(*) > 1) x',
      );
      const ledgerGrants = await one(`select count(*) as n from wallet_ledger where reason = 'daily_reward'`);
      const off = await one(
        `select count(*) as n from wallet_balance b
         where b.amount <> (select sum(l.amount) from wallet_ledger l where l.player_ref = b.player_ref and l.item_id = b.item_id)`,
      );
      // What a player costs on disk: each player table with its indexes, over the players (and claims) it holds.
      /** @type {{ table: string, rows: number, bytes: number }[]} */
      const sizes = [];
      for (const table of ['player', 'wallet_balance', 'wallet_ledger', 'daily_reward_claim']) {
        const row = (
          await db.query(
            `select count(*)::int as rows, pg_total_relation_size('${table}')::bigint as bytes from ${table}`,
          )
        ).rows[0];
        sizes.push({ table, rows: Number(row.rows), bytes: Number(row.bytes) });
      }
      console.log('\n  On disk (table + indexes):');
      for (const size of sizes) {
        console.log(
          `    ${size.table.padEnd(20)} ${String(size.rows).padStart(8)} rows  ${(size.bytes / 1024 / 1024).toFixed(1).padStart(6)} MiB  ${(size.bytes / Math.max(1, size.rows)).toFixed(0).padStart(5)} B/row`,
        );
      }
      // Updates that stayed on their page (HOT: no new index entries): the players' sessions and the balances' grants.
      const hot = (
        await db.query(
          `select relname as table, n_tup_upd::bigint as updates, n_tup_hot_upd::bigint as hot
           from pg_stat_user_tables where relname in ('player', 'wallet_balance') order by relname`,
        )
      ).rows;
      for (const row of hot) {
        const share = Number(row.updates) ? ((100 * Number(row.hot)) / Number(row.updates)).toFixed(0) : '0';
        console.log(
          `    ${String(row.table).padEnd(20)} ${String(row.updates).padStart(8)} updates, ${share} % HOT (on their page)`,
        );
      }
      return { claims, players, twice, ledgerGrants, off };
    } finally {
      await db.end();
      serverPid = 0;
      await server.stop();
      await data.remove();
    }
  });
  if (!outcome) process.exit(0);

  const byName = (/** @type {string} */ prefix) => rows.find((row) => row.name.startsWith(prefix));
  const me = byName('signed-in GET /api/me');
  const list = byName('GET /v1/daily-rewards');
  const claim = byName('POST /v1/daily-rewards');
  const burst = byName('reset burst');
  const targetedList = byName('GET /v1/daily-rewards (targeted)');
  const expectedClaims = CLAIMS + BURST_PLAYERS;
  checks = [
    `list ${list?.rps.toFixed(0)} req/s = ${((list?.rps ?? 0) / (me?.rps ?? 1)).toFixed(2)}× signed-in /api/me (${me?.rps.toFixed(0)}) — target ≥ 0.5×`,
    `targeted list (${TARGETED_CONFIGS} configs with segments over custom attributes) ${targetedList?.rps.toFixed(0)} req/s = ${((targetedList?.rps ?? 0) / (list?.rps ?? 1)).toFixed(2)}× the untargeted list — target ≥ 0.8× (${targetedShare})`,
    `claims ${claim?.rps.toFixed(0)}/s, p99 ${claim?.p99} ms — target ≥ 1,500/s with p99 ≤ 50 ms; answers ${claim?.statuses}`,
    `burst: ${BURST_PLAYERS} claims over ${BURST_CONNECTIONS} connections in ${burst?.seconds.toFixed(1)} s — target within 10 s; answers ${burst?.statuses}`,
    `database: ${outcome.claims} claims by ${outcome.players} players (expected ${expectedClaims}), ${outcome.ledgerGrants} grants in the ledger, ${outcome.twice} players granted twice (target 0), ${outcome.off} balances off their ledger (target 0)`,
    `errors: ${rows.reduce((sum, row) => sum + row.errors, 0)} (target 0)`,
  ];
  console.log(`\nAgainst the targets (PostgreSQL ${printableUrl(POSTGRES_ADMIN_URL)}):`);
  for (const line of checks) console.log(`  ${line}`);
} finally {
  await floor.stop();
}
