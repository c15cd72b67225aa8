#!/usr/bin/env node
// Cold start of the run command's server: spawn → first 200 on /login, on an empty DATA_DIR (PGlite created and
// migrated) and again on the same DATA_DIR (a restart). The floor is a bare Node HTTP server spawned the same way
// in the same run. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {string} url
 * @returns {Promise<number>} milliseconds from spawn to the first 200
 */
async function timeToFirstResponse(args, env, url) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        const response = await fetch(url);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('no response within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const floorScript = "require('node:http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1')";
const floor = [];
const fresh = [];
const restart = [];
for (let i = 0; i < RUNS; i++) {
  let port = await freePort();
  floor.push(await timeToFirstResponse(['-e', floorScript], { PORT: String(port) }, `http://127.0.0.1:${port}/`));

  const dataDir = mkdtempSync(path.join(tmpdir(), 'liveops-bench-'));
  try {
    port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    fresh.push(await timeToFirstResponse([...SERVER_ARGS], env, `http://127.0.0.1:${port}/login`));
    restart.push(await timeToFirstResponse([...SERVER_ARGS], env, `http://127.0.0.1:${port}/login`));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (/** @type {number[]} */ v) =>
  `median ${median(v).toFixed(0)} ms (min ${Math.min(...v).toFixed(0)}, max ${Math.max(...v).toFixed(0)})`;
console.log(`cold start, spawn → first 200 on /login, ${RUNS} runs each`);
console.log(`  floor: bare node http server   ${fmt(floor)}`);
console.log(`  server, empty DATA_DIR         ${fmt(fresh)}   (${(median(fresh) / median(floor)).toFixed(1)}× floor)`);
console.log(
  `  server, restart on DATA_DIR    ${fmt(restart)}   (${(median(restart) / median(floor)).toFixed(1)}× floor)`,
);
