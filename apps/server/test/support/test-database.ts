import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrateDatabase, wrapPglite, wrapPostgres, type Database } from '../../src/db/database';

export type TestDatabases = { create: () => Promise<Database>; close: () => Promise<void>; kind: string };

/** Set TEST_DATABASE_URL (postgres://…) to run the server suite against PostgreSQL instead of PGlite. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_DATABASE_KIND: 'pglite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Migrating takes seconds, so each test file migrates one template and every test gets a copy of it: a PGlite
 * clone, or on PostgreSQL a database created from the template database.
 */
export async function createTestDatabases(): Promise<TestDatabases> {
  if (!TEST_DATABASE_URL) {
    const template = await PGlite.create();
    await migrateDatabase(wrapPglite(template));
    const open: PGlite[] = [];
    return {
      kind: 'pglite',
      create: async () => {
        // clone() is typed as the interface but returns a PGlite instance.
        const clone = (await template.clone()) as PGlite;
        open.push(clone);
        return wrapPglite(clone);
      },
      close: async () => {
        await Promise.all(open.map((c) => (c.closed ? undefined : c.close())));
        await template.close();
      },
    };
  }

  const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  const suffix = randomBytes(6).toString('hex');
  const templateName = `liveops_tpl_${suffix}`;
  const withDatabase = (name: string) => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templatePool = new pg.Pool({ connectionString: withDatabase(templateName), max: 2 });
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
      const database = wrapPostgres(new pg.Pool({ connectionString: withDatabase(name), max: 5 }));
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
