#!/usr/bin/env node
// API throughput with autocannon (c=50, 10 s per case after a 2 s warm-up): a bare Node HTTP server answering a small JSON (the
// floor, measured in the same run), the app's anonymous GET /api/me (401), signed-in GET /api/me and signed-in
// GET /api/games of an owner with 50 games; on PGlite (empty temp DATA_DIR) and on a fresh PostgreSQL database
// when one answers at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Prints a table
// beside the targets; asserts nothing. Build first.
import { createRequire } from 'node:module';
import {
  createDeveloper,
  onInterrupt,
  POSTGRES_ADMIN_URL,
  printableUrl,
  selectedDatabases,
  startFloorServer,
  startServer,
  temporaryDataDir,
  withFreshPostgres,
} from './lib.mjs';

/**
 * The part of autocannon 9's programmatic API used here (the package ships no types).
 * @typedef {{ url: string, connections: number, duration: number, headers: Record<string, string>,
 *   warmup: { connections: number, duration: number } }} AutocannonOptions
 * @typedef {{ requests: { average: number }, latency: { p50: number, p99: number, totalCount: number }, non2xx: number,
 *   errors: number, timeouts: number, statusCodeStats?: Record<string, { count: number }> }} AutocannonResult
 */
/** @type {(options: AutocannonOptions) => Promise<AutocannonResult>} */
const autocannon = createRequire(import.meta.url)('autocannon');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const GAMES = 50;

/**
 * @typedef {{ database: string, name: string, target: string, rps: number, answered: number, p50: number,
 *   p99: number, non2xx: number, errors: number, timeouts: number, statuses: string }} Row
 */

/**
 * One autocannon run against `url`.
 * @param {string} database
 * @param {string} name
 * @param {string} target
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<Row>}
 */
async function measure(database, name, target, url, headers = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
  });
  const codes = result.statusCodeStats ?? {};
  const row = {
    database,
    name,
    target,
    rps: result.requests.average,
    answered: result.latency.totalCount,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: Object.entries(codes)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
  console.log(
    `  ${database.padEnd(10)} ${name.padEnd(32)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.statuses || 'no answers'})`,
  );
  return row;
}

/**
 * Starts the server on `env`, sets up an owner with 50 games and measures the three app cases.
 * @param {string} database
 * @param {Record<string, string>} env
 * @returns {Promise<Row[]>}
 */
async function appRuns(database, env) {
  const server = await startServer({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_MAX: '100000', ...env });
  const forget = onInterrupt(() => server.stop());
  try {
    const cookie = await createDeveloper(server, `bench-api-${Date.now()}@studio.test`);
    const headers = { origin: server.url, 'content-type': 'application/json', cookie };
    for (let i = 0; i < GAMES; i++) {
      const response = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Game ${i + 1}`, description: 'Bench game', platforms: ['Web', 'iOS'] }),
      });
      if (response.status !== 201) throw new Error(`creating a game answered ${response.status}`);
      await response.body?.cancel();
    }
    const listed = /** @type {unknown[]} */ (await (await fetch(`${server.url}/api/games`, { headers })).json());
    if (listed.length !== GAMES) throw new Error(`the owner lists ${listed.length} games, not ${GAMES}`);

    const rows = [
      await measure(database, 'GET /api/me, anonymous (401)', '—', `${server.url}/api/me`),
      await measure(database, 'GET /api/me, signed in', '≥ 3,000 req/s, p99 ≤ 30 ms', `${server.url}/api/me`, {
        cookie,
      }),
      await measure(
        database,
        `GET /api/games, ${GAMES} games`,
        '≥ 2,000 req/s, p99 ≤ 30 ms',
        `${server.url}/api/games`,
        { cookie },
      ),
    ];
    if (!server.alive()) throw new Error(`the server died during the run:\n${server.output().slice(-4000)}`);
    const errors = server
      .output()
      .split('\n')
      .filter((line) => / (ERROR|WARN) /.test(line));
    if (errors.length) {
      console.log(`  the server logged ${errors.length} warnings/errors; the first ones:`);
      for (const line of errors.slice(0, 10)) console.log(`    ${line}`);
    }
    return rows;
  } finally {
    forget();
    await server.stop();
  }
}

/** @type {Row[]} */
const rows = [];
const databases = selectedDatabases();
console.log(`API throughput, autocannon ${CONNECTIONS} connections, ${SECONDS} s per case (progress as it goes)`);

const floor = await startFloorServer();
try {
  rows.push(await measure('floor', 'bare node http, small JSON', '—', `${floor.url}/`));
} finally {
  await floor.stop();
}

if (databases.pglite) {
  const dataDir = temporaryDataDir('liveops-bench-api-');
  try {
    rows.push(...(await appRuns('PGlite', { DATA_DIR: dataDir.dir })));
  } finally {
    await dataDir.remove();
  }
}
if (databases.postgres) {
  const dataDir = temporaryDataDir('liveops-bench-api-');
  try {
    const measured = await withFreshPostgres((url) =>
      appRuns('PostgreSQL', { DATA_DIR: dataDir.dir, DATABASE_URL: url }),
    );
    if (measured) rows.push(...measured);
  } finally {
    await dataDir.remove();
  }
}

const floorRps = rows[0]?.rps ?? NaN;
const header = ['database', 'case', 'req/s', '× floor', 'answered', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'target'];
const table = rows.map((r) => [
  r.database,
  r.name,
  r.rps.toFixed(0),
  r.database === 'floor' ? '1' : (r.rps / floorRps).toFixed(2),
  String(r.answered),
  r.answered ? String(r.p50) : '—',
  r.answered ? String(r.p99) : '—',
  String(r.non2xx),
  r.timeouts ? `${r.errors} (${r.timeouts} timeouts)` : String(r.errors),
  r.target,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
const line = (/** @type {string[]} */ cells) =>
  `| ${cells.map((c, i) => (i >= 2 && i <= 8 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
console.log();
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
console.log();
console.log(
  `req/s is autocannon's per-second average and "answered" the responses completed in the ${SECONDS} s; the anonymous /api/me answers 401 by design, so its non-2xx count is every request.`,
);
if (databases.postgres) console.log(`PostgreSQL: a fresh bench_* database next to ${printableUrl(POSTGRES_ADMIN_URL)}`);
