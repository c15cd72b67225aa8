import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDataDir, TEST_DATABASE_KIND } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory, which every server test file loads as its template. */
    pgliteTemplateTarball: string;
  }
}

/**
 * PGlite's initdb and the migrations take most of a server test file's set-up, so they run once per run here:
 * every test's PGlite is loaded from this migrated data directory instead of one its file migrates. On PostgreSQL
 * each file still migrates its own template database.
 */
export default async function setup(project: TestProject) {
  if (TEST_DATABASE_KIND !== 'pglite') return;
  const folder = await mkdtemp(path.join(tmpdir(), 'liveops-server-template-'));
  const tarball = path.join(folder, 'template.tar');
  await writeFile(tarball, new Uint8Array(await (await migratedPgliteDataDir()).arrayBuffer()));
  project.provide('pgliteTemplateTarball', tarball);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
