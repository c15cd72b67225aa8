import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when on PostgreSQL (LISTEN/NOTIFY needs raw connections). */
  pool: pg.Pool | null;
  close: () => Promise<void>;
};

/** The committed migrations; found beside the source in dev and tests, and beside dist/ when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, here.endsWith(`${path.sep}db`) ? '../../drizzle' : '../drizzle');
}

export function wrapPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    pool: null,
    close: () => client.close(),
  };
}

export function wrapPostgres(pool: pg.Pool): Database {
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    close: () => pool.end(),
  };
}

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps instances starting together apart. */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    // drizzle's migrator types differ per driver; the runtime object is the driver's own database.
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
    return;
  }
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL database without a pool');
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(727274001)');
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(727274001)').catch(() => undefined);
    lockClient.release();
  }
}

/**
 * The embedded PGlite in `dataDir`, or a pool of at most `databasePoolMax` connections to PostgreSQL (one of them
 * held for LISTEN); publish locks take one more connection of their own (db/game-lock.ts).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  databasePoolMax?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.databasePoolMax ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL connection error:', error.message));
    await pool.query('SELECT 1');
    return wrapPostgres(pool);
  }
  const dir = path.join(options.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return wrapPglite(client);
}
