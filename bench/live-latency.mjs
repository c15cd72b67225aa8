#!/usr/bin/env node
// Live-update latency: a write acknowledged by the API → the change event arriving on another connected
// client's SSE stream, over N writes; beside a bare SSE echo server (write in, event out, nothing else) in the
// same run as the floor. Also the games list of an owner with 1,000 games. Prints figures; asserts nothing.
// Build first. BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL (LISTEN/NOTIFY) instead of PGlite.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, percentile, startServer, summary } from './lib.mjs';

const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const LIST_READS = 200;

/**
 * Reads an SSE stream, calling onEvent(name) as each event arrives.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {(name: string) => void} onEvent
 */
async function openStream(url, headers, onEvent) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: ?(.*)$/m.exec(frame)?.[1];
          if (name) onEvent(name);
        }
      }
    } catch {
      // aborted
    }
  })();
  return () => controller.abort();
}

/**
 * Runs `write()` N times; each sample is the time from the write's acknowledgement to its event, or 0 when the
 * event arrived first (the server publishes before it answers).
 * @param {() => Promise<void>} write
 * @param {(listener: () => void) => void} onChange
 */
async function measure(write, onChange) {
  /** @type {(() => void) | null} */
  let waiting = null;
  let arrivedAt = 0;
  onChange(() => {
    arrivedAt = performance.now();
    waiting?.();
  });
  const fromAck = [];
  const fromSend = [];
  for (let i = 0; i < WRITES; i++) {
    arrivedAt = 0;
    const arrived = new Promise((resolve) => (waiting = () => resolve(undefined)));
    const sent = performance.now();
    await write();
    const acked = performance.now();
    await arrived;
    fromAck.push(Math.max(0, arrivedAt - acked));
    fromSend.push(arrivedAt - sent);
  }
  return { fromAck, fromSend };
}

const echoServer = `
const http = require('node:http');
let client = null;
http.createServer((req, res) => {
  if (req.url === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write('event: ready\\ndata: {}\\n\\n');
    client = res;
    return;
  }
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    client?.write('event: change\\ndata: ' + JSON.stringify({ topic: 'games', id: 'x' }) + '\\n\\n');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body || '{}');
  });
}).listen(+process.env.PORT, '127.0.0.1');`;

async function floorRun() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', echoServer], { env: { PORT: String(port) }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      await fetch(`${base}/ping`, { method: 'POST' });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** @type {() => void} */
  let listener = () => undefined;
  const close = await openStream(`${base}/events`, {}, (name) => name === 'change' && listener());
  const result = await measure(
    async () => {
      await (await fetch(`${base}/write`, { method: 'POST', body: '{"orientation":"landscape"}' })).text();
    },
    (l) => (listener = l),
  );
  close();
  child.kill();
  return result;
}

async function serverRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liveops-bench-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_RATE_LIMIT_MAX: '100' };
  if (process.env.BENCH_DATABASE_URL) Object.assign(env, { DATABASE_URL: process.env.BENCH_DATABASE_URL });
  const server = await startServer(env);
  try {
    const origin = { origin: server.url, 'content-type': 'application/json' };
    const email = `bench-${Date.now()}@studio.test`;
    await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    // SMTP_URL is unset: the verification email is printed to the server's log.
    let link;
    for (let i = 0; i < 50 && !link; i++) {
      link = /\/verified\?token=([\w.-]+)/.exec(server.output())?.[1];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const verified = await fetch(`${server.url}/api/auth/verify-email?token=${link}`);
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { ...origin, cookie };
    const created = /** @type {{ id: string }} */ (
      await (
        await fetch(`${server.url}/api/games`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Bench', description: 'Latency', platforms: ['iOS'] }),
        })
      ).json()
    );

    /** @type {() => void} */
    let listener = () => undefined;
    const close = await openStream(
      `${server.url}/api/live-updates`,
      { cookie },
      (name) => name === 'change' && listener(),
    );
    let flip = false;
    const live = await measure(
      async () => {
        flip = !flip;
        const response = await fetch(`${server.url}/api/games/${created.id}/orientation`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ orientation: flip ? 'landscape' : 'portrait' }),
        });
        if (!response.ok) throw new Error(`write answered ${response.status}`);
        await response.text();
      },
      (l) => (listener = l),
    );
    close();

    for (let i = 1; i < GAMES; i++) {
      await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Game ${i}`, description: 'Bench game', platforms: ['Web'] }),
      });
    }
    /** @param {string} route */
    const timeReads = async (route) => {
      const times = [];
      for (let i = 0; i < LIST_READS; i++) {
        const start = performance.now();
        const response = await fetch(`${server.url}${route}`, { headers: { cookie } });
        const body = /** @type {unknown[]} */ (await response.json());
        times.push(performance.now() - start);
        if (route === '/api/games' && body.length !== GAMES) throw new Error(`listed ${body.length} games`);
      }
      return times;
    };
    const list = await timeReads('/api/games');
    const me = await timeReads('/api/me');
    return { live, list, me };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const floor = await floorRun();
const server = await serverRun();
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL, LISTEN/NOTIFY' : 'PGlite, in-process';
console.log(`live-update latency over ${WRITES} writes (server on ${database})`);
console.log(
  `  floor: bare SSE echo server   ack→event ${summary(floor.fromAck)}; send→event ${summary(floor.fromSend)}`,
);
console.log(
  `  server                        ack→event ${summary(server.live.fromAck)}; send→event ${summary(server.live.fromSend)}`,
);
const ratio = percentile(server.live.fromSend, 95) / percentile(floor.fromSend, 95);
console.log(`  send→event p95 is ${ratio.toFixed(1)}× the floor's (target: p95 ≤ 50 ms and ≤ 2× floor)`);
console.log(`games list of an owner with ${GAMES} games, ${LIST_READS} reads, round trip on loopback`);
console.log(`  GET /api/games   ${summary(server.list)}`);
console.log(`  floor: GET /api/me (session check only)   ${summary(server.me)}`);
