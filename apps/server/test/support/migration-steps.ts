import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder, wrapPglite, wrapPostgres, type Database } from '../../src/db/database';
import { quietPool, TEST_DATABASE_KIND } from './test-database';

/**
 * A migration's test: a database of the suite's kind migrated up to just before the migration whose tag ends
 * with `tagSuffix`, for the test to fill as a server of then would have; `finish` applies the rest.
 */
export async function databaseBefore(tagSuffix: string) {
  const full = migrationsFolder();
  const before = await mkdtemp(path.join(tmpdir(), 'liveops-migration-'));
  const database = await emptyDatabase();
  // The committed folder with its journal cut before the migration.
  await cp(full, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  if (cut <= 0) throw new Error(`no migration ${tagSuffix} after the first`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  await migrateWith(database, before);
  return {
    db: database.db,
    finish: () => migrateWith(database, full),
    close: async () => {
      await database.close();
      await rm(before, { recursive: true, force: true });
    },
  };
}

/** A database with no tables, of the suite's kind; on PostgreSQL dropped by `close`. */
async function emptyDatabase(): Promise<Database> {
  if (TEST_DATABASE_KIND === 'pglite') return wrapPglite(await PGlite.create());
  const url = process.env.TEST_DATABASE_URL!;
  const admin = quietPool(url, 1);
  const name = `liveops_mig_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = wrapPostgres(quietPool(target.toString(), 2));
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function migrateWith(database: Database, folder: string) {
  // drizzle's migrator types differ per driver; the runtime object is the driver's own database.
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
  }
}
