import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

export type Row = Record<string, unknown>;

/** The rows of a raw statement: `db.execute` answers `{ rows }` on node-postgres and PGlite alike, untyped. */
export async function rows<R = Row>(db: Pick<Db, 'execute'>, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

/** A time in milliseconds as a timestamp parameter of a raw statement. */
export const iso = (ms: number) => new Date(ms).toISOString();
