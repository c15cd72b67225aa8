// Shared by the benchmarks: free ports, starting the built server, percentiles, accounts, a throwaway
// PostgreSQL database, and cleanup of everything a bench started even when it fails or is interrupted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const PASSWORD = 'correct horse battery';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {Set<() => Promise<unknown>>} */
const cleanups = new Set();

// Whatever happens, no server this process started outlives it.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers this bench started`);
    /** @param {Promise<unknown>[]} pending */
    const within5s = (pending) =>
      Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    void within5s([...children].map((child) => stopChild(child, 4000)))
      .then(() => within5s([...cleanups].map((cleanup) => cleanup().catch(() => undefined))))
      .then(() => process.exit(130));
  });
}

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, in ms, and with `children` that of its waited-for
 * children too; null where /proc cannot tell (not Linux, or the process is gone).
 * @param {number} pid
 * @param {boolean} [children]
 */
export function processCpuMs(pid, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU time used so far by every process of a PostgreSQL running on this machine (the postmaster with the
 * backends that have ended, and the live ones), in ms; null when none is seen here (a remote database).
 */
export function postgresCpuMs() {
  let total = 0;
  let seen = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    const ms = processCpuMs(Number(entry), true);
    if (ms === null) continue;
    total += ms;
    seen = true;
  }
  return seen ? total : null;
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * @param {number[]} values
 * @param {number} p 0..100
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** @param {number[]} values */
export function summary(values) {
  return `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;
}

/**
 * Spawns a node process that is killed when this one ends, whatever the reason.
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
function spawnTracked(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs] how long SIGTERM has before SIGKILL
 */
function stopChild(child, graceMs = 15_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `node apps/server/dist/main.js` and resolves once it answers (within 120 s).
 * @param {Record<string, string>} env
 */
export async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawnTracked([...SERVER_ARGS], {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    // A profiler or other Node options for the server only (e.g. --require a CPU-profile hook).
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...env,
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (performance.now() - started > 120_000) {
      await stopChild(child);
      throw new Error(`server did not answer within 120 s:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/me`)).status === 401) break;
    } catch {
      // starting
    }
    await sleep(100);
  }
  return {
    url,
    /** The server's process id (for its CPU time: processCpuMs). */
    pid: child.pid ?? 0,
    output: () => output,
    /** True while the server process runs. */
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () => stopChild(child),
  };
}

/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */

/**
 * A bare Node HTTP server answering every request with a small JSON body: the floor for request throughput.
 * @returns {Promise<{ url: string, stop: () => Promise<unknown> }>}
 */
export async function startFloorServer() {
  const port = await freePort();
  const script = `require('node:http').createServer((q, s) => {
    s.writeHead(200, { 'content-type': 'application/json' });
    s.end('{"uid":"floor","email":"floor@studio.test","emailVerified":true}');
  }).listen(+process.env.PORT, '127.0.0.1');`;
  const child = spawnTracked(['-e', script], { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(url);
      break;
    } catch (error) {
      if (i >= 200 || child.exitCode !== null) throw error;
      await sleep(50);
    }
  }
  return { url, stop: () => stopChild(child) };
}

/**
 * The `name=value` pairs of the server's cookies (prefix `liveops`) in a response.
 * @param {Response} response
 */
export function sessionCookie(response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.startsWith('liveops') && !c.endsWith('='))
    .join('; ');
}

/**
 * Signs a developer up, follows the verification link printed to the server's log (SMTP_URL unset), and signs in
 * with the password. Resolves to the session cookie. Bounded: 30 s for the mail to appear.
 * @param {Server} server
 * @param {string} email
 */
export async function createDeveloper(server, email) {
  const json = { origin: server.url, 'content-type': 'application/json' };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`sign-up of ${email} answered ${signUp.status}: ${await signUp.text()}`);
  await signUp.body?.cancel();
  const mail = new RegExp(`To: +${email.replace(/[.+]/g, '\\$&')}\\n[\\s\\S]*?/verified\\?token=(\\S+)`);
  let token;
  for (let i = 0; i < 300 && !token; i++) {
    token = mail.exec(server.output())?.[1];
    if (!token) await sleep(100);
  }
  if (!token) throw new Error(`no verification mail for ${email} in the server's log`);
  const verified = await fetch(`${server.url}/api/auth/verify-email?token=${token}`, { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verifying ${email} answered ${verified.status}`);
  await verified.body?.cancel();
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = sessionCookie(signIn);
  if (!signIn.ok || !cookie) throw new Error(`sign-in of ${email} answered ${signIn.status}: ${await signIn.text()}`);
  await signIn.body?.cancel();
  return cookie;
}

/**
 * Which databases to run on: BENCH_DATABASES=pglite,postgres (the default is both).
 * @returns {{ pglite: boolean, postgres: boolean }}
 */
export function selectedDatabases() {
  const list = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim().toLowerCase());
  return { pglite: list.includes('pglite'), postgres: list.includes('postgres') };
}

export const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The admin URL with its password hidden, for printing. */
export function printableUrl(/** @type {string} */ url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Runs `use(url)` on a fresh database `bench_<random>` created next to BENCH_DATABASE_URL's (by default
 * postgres://postgres@127.0.0.1:5432/test) and drops it afterwards, also on failure or interruption. Resolves
 * to null, having printed why, when PostgreSQL does not answer within 5 s.
 * @template T
 * @param {(url: string) => Promise<T>} use
 * @returns {Promise<T | null>}
 */
export async function withFreshPostgres(use) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL skipped: nothing answered at ${printableUrl(POSTGRES_ADMIN_URL)} (${error instanceof Error ? error.message : error})`,
    );
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const drop = async () => {
    cleanups.delete(drop);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.add(drop);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await drop();
  }
}

/**
 * An empty temporary DATA_DIR, removed by `remove()` or when the bench is interrupted.
 * @param {string} prefix
 */
export function temporaryDataDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = async () => {
    cleanups.delete(remove);
    rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(remove);
  return { dir, remove };
}

/**
 * Registers an async cleanup to run when the bench is interrupted; returns a function that unregisters it.
 * @param {() => Promise<unknown>} cleanup
 */
export function onInterrupt(cleanup) {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * A signed-in developer's API calls: JSON in, the answer out (parsed JSON, or the text of an x-ndjson answer);
 * anything but 2xx throws with the status and body.
 * @param {Server} server
 * @param {string} cookie
 */
export function apiCaller(server, cookie) {
  /** @param {string} method @param {string} path @param {unknown} [body] */
  return async (method, path, body) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return /** @type {any} */ (response.headers.get('content-type')?.includes('ndjson') ? text : JSON.parse(text));
  };
}

/**
 * A bench's game and its one item, Gold (a currency worth 1), through the API as a developer makes them.
 * @param {ReturnType<typeof apiCaller>} call
 * @param {string} name
 */
export async function gameWithGold(call, name) {
  const game = await call('POST', '/api/games', { name, description: 'bench', platforms: ['iOS'] });
  const gold = await call('POST', `/api/games/${game.id}/items`, {
    name: 'Gold',
    type: 'currency',
    value: 1,
    baseAmount: 1,
  });
  return { game, gold };
}
