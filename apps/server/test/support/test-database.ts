import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, wrapPglite, wrapPostgres, type Database } from '../../src/db/database';

export type TestDatabases = { create: () => Promise<Database>; close: () => Promise<void>; kind: string };

/** Set TEST_DATABASE_URL (postgres://…) to run the server suite against PostgreSQL instead of PGlite. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_DATABASE_KIND: 'pglite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Migrating takes seconds, so every test gets a copy of one migrated template: on PGlite a new instance loaded from
 * the template's data directory (the one the server project's global setup migrated once for the whole run, else
 * one this file migrates), on PostgreSQL a database created from a template database this file migrates.
 */
export async function createTestDatabases(): Promise<TestDatabases> {
  if (!TEST_DATABASE_URL) {
    const tarball = inject('pgliteTemplateTarball');
    const dataDir = tarball ? new Blob([new Uint8Array(await readFile(tarball))]) : await migratedPgliteDataDir();
    const open: PGlite[] = [];
    return {
      kind: 'pglite',
      create: async () => {
        const copy = await PGlite.create({ loadDataDir: dataDir });
        open.push(copy);
        return wrapPglite(copy);
      },
      close: async () => {
        await Promise.all(open.map((c) => (c.closed ? undefined : c.close())));
      },
    };
  }

  const admin = quietPool(TEST_DATABASE_URL, 2);
  const suffix = randomBytes(6).toString('hex');
  const templateName = `liveops_tpl_${suffix}`;
  const withDatabase = (name: string) => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templatePool = quietPool(withDatabase(templateName), 2);
  await migrateDatabase(wrapPostgres(templatePool));
  await templatePool.end();
  const created: string[] = [];
  let counter = 0;
  return {
    kind: 'postgres',
    create: async () => {
      const name = `liveops_t_${suffix}_${counter++}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
      created.push(name);
      const database = wrapPostgres(quietPool(withDatabase(name), 5));
      let closed = false;
      return {
        ...database,
        close: async () => {
          if (closed) return;
          closed = true;
          await database.close();
        },
      };
    },
    close: async () => {
      for (const name of [...created, templateName]) {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      await admin.end();
    },
  };
}

/**
 * A pool whose idle connections may end without failing the run: as in the server's own pool (db/database.ts),
 * a connection the database ends while idle (a dropped test database, a test terminating backends) is an
 * `error` event that, unheard, Node raises as an uncaught exception in whichever test runs then. The pool
 * replaces the connection; a query on it still fails its own caller.
 */
export function quietPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A migrated PGlite data directory as a tarball, checkpointed first so that a copy starts without replaying the
 * migrations' write-ahead log.
 */
export async function migratedPgliteDataDir(): Promise<Blob> {
  const template = await PGlite.create();
  try {
    await migrateDatabase(wrapPglite(template));
    await template.exec('CHECKPOINT');
    return await template.dumpDataDir('none');
  } finally {
    await template.close();
  }
}
