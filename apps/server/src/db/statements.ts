import type { Db } from './database';
import type { Row } from './rows';

/*
 * How the runtime and its ledger send SQL: plain statements whose rows are read as they come, and the hot paths'
 * statements prepared once per connection (decision 034); plain statements' rows are read with db/rows.ts. Shared
 * by runtime/store.ts and player-ledger/, so that neither imports the other for it.
 */

type Client = {
  query: (
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ) => Promise<{ rows: Row[] }>;
};

/**
 * A hot path's statement, written with $n parameters and prepared once per connection on PostgreSQL (a named
 * statement is parsed and planned once, not at every call); on PGlite, one process, it is simply run.
 */
export async function prepared(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const isPool = typeof (client as unknown as { connect?: unknown }).connect === 'function' && !('waitReady' in client);
  const result = isPool ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows;
}

/** A json column as node-postgres (parsed) or PGlite (text, for json built in a statement) answers it. */
export const parsedJson = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
