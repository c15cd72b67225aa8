import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startApp } from './app';

const root = fileURLToPath(new URL('../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the built server has started on once and shut down cleanly (see startApp). */
    templateDataDir: string;
  }
}

/**
 * Browser tests run the built app as the README starts it; build it when a previous step has not. Then start it
 * once on an empty DATA_DIR: its first start (PGlite's initdb and every migration) takes most of a start-up, so
 * each app a test starts on a fresh DATA_DIR starts on a copy of this one. Tests of the first start itself pass
 * their own empty DATA_DIR.
 */
export default async function setup(project: TestProject) {
  const built = existsSync(`${root}/apps/server/dist/main.js`) && existsSync(`${root}/apps/web/dist/index.html`);
  if (!built) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const templateDataDir = await mkdtemp(path.join(tmpdir(), 'liveops-e2e-template-'));
  const app = await startApp({ dataDir: templateDataDir });
  await app.stop();
  project.provide('templateDataDir', templateDataDir);
  return async () => {
    await rm(templateDataDir, { recursive: true, force: true });
  };
}
