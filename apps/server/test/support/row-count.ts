import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TestServer } from './test-server';

/** How many rows a table holds on a test server: what "nothing stored" assertions count. */
export async function rowCount(server: TestServer, table: PgTable): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(table);
  return row?.n ?? -1;
}
