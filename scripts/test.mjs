#!/usr/bin/env node
// The one test command (npm test): Chromium, nginx and WebKitGTK if missing, lint + format + typecheck, build, then
// every suite: domain, SDK, views and web units, the server suite over real HTTP, and the browser suite in Chromium
// and WebKitGTK. Ends with one line totalled over every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}reports`;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/** Installs a Debian package when `path` is missing (as root directly, else through sudo -n, which never prompts). */
function ensureDebianPackage(path, pkg, label) {
  if (existsSync(path)) return;
  console.log(`${label} is missing: installing Debian's package (apt-get install -y ${pkg})…`);
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const apt = (...args) =>
    spawnSync(command, [...prefix, ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update', '-qq');
  apt('install', '-y', '-qq', pkg);
  if (!existsSync(path)) {
    console.error(`Could not install ${label}. Install it with: sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
}

ensureDebianPackage('/usr/bin/chromium', 'chromium', 'Chromium');
// The cluster tests run instances behind a real nginx (e2e/support/cluster.ts).
ensureDebianPackage('/usr/sbin/nginx', 'nginx', 'nginx');
// The WebKit tests host pages in a real WebKitGTK web view under Xvfb, with Debian's Python (e2e/webkit.test.ts).
const triplet = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }[process.arch] ?? `${process.arch}-linux-gnu`;
ensureDebianPackage('/usr/lib/python3/dist-packages/gi/__init__.py', 'python3-gi', 'PyGObject');
ensureDebianPackage(`/usr/lib/${triplet}/girepository-1.0/WebKit2-4.1.typelib`, 'gir1.2-webkit2-4.1', 'WebKitGTK');
ensureDebianPackage('/usr/bin/Xvfb', 'xvfb', 'Xvfb');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

run('lint, format and typecheck', 'npm', ['run', 'check']);
const built = run('build', 'npm', ['run', 'build']);
const vitest = (name, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/${name}.json`,
];
// Two test files at a time even on two cores (Vitest's default there is one): the server's tests mostly wait on
// HTTP, the database and timers, and the run takes about a third less. The browser files too (each starts its own
// server, database and Chromium, on its own ports and DATA_DIR): 485 s instead of about 1,200 s on two cores.
const workers = `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;
run('unit and server tests', 'npx', [...vitest('unit-server', ['domain', 'sdk', 'views', 'web', 'server']), workers]);
if (built) run('browser tests (Chromium)', 'npx', [...vitest('browser', ['e2e']), workers]);
else failures.push('browser tests (not run: the build failed)');

if (failures.length) console.error(`\nFailed steps: ${failures.join('; ')}`);
if (!process.env.LIVEOPS_SKIP_TOTALS) {
  spawnSync(process.execPath, [`${root}scripts/report-totals.mjs`, reports], { stdio: 'inherit' });
}
process.exit(failures.length ? 1 : 0);
