#!/usr/bin/env node
// The unit and server suites on a busy machine (decision 058): two CPU hogs spin beside them for the whole run, as on a
// shared CI runner or a laptop doing other work, so a test that depends on the machine's speed (a race with a
// timer, a timeout set for an idle machine) fails here rather than somewhere else. Runs exactly what `npm test`
// runs for those projects (scripts/test.mjs, same flags and workers), stops the hogs, and exits with Vitest's code.
// Arguments after the script are added for Vitest (a file, -t): `npm run test:busy -- apps/server/test/releases.test.ts`.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = fileURLToPath(new URL('..', import.meta.url));
const HOGS = 2;

// Each hog is a worker thread spinning for good: one core's worth of work each, until it is terminated.
const hogs = Array.from({ length: HOGS }, () => new Worker('for (;;) {}', { eval: true }));
console.log(`▶ unit and server tests beside ${HOGS} CPU hogs`);

const workers = `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;
const projects = ['domain', 'sdk', 'views', 'web', 'server'].flatMap((project) => ['--project', project]);
const vitest = spawn('npx', ['vitest', 'run', ...projects, workers, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});

const stop = async () => {
  await Promise.all(hogs.map((hog) => hog.terminate()));
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    vitest.kill(signal);
  });
}
vitest.on('exit', async (code, signal) => {
  await stop();
  process.exit(code ?? (signal ? 1 : 0));
});
