import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { iso, rows, type Row } from '../db/rows';
import { prepared } from '../db/statements';

export type Balance = { itemId: string; amount: number };

export type LedgerRow = {
  id: string;
  itemId: string;
  amount: number;
  reason: string;
  configId: string | null;
  day: number | null;
  createdAt: string;
};

/** Balances as the statements answer them (amounts as text: a bigint), in item id order. */
export const toBalances = (list: Row[]): Balance[] =>
  list
    .map((r) => ({ itemId: String(r.item_id), amount: Number(r.amount) }))
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));

export async function balancesOf(db: Db, playerRef: string): Promise<Balance[]> {
  return toBalances(
    await prepared(
      db,
      'runtime_balances',
      'select item_id, amount::text as amount from wallet_balance where player_ref = $1',
      [playerRef],
    ),
  );
}

/**
 * Newest first, `limit` at most, older than `before` when given. Ordered by the column, not by the text alias of
 * the same name, which would put entry 9 before entry 10.
 */
export async function ledgerOf(db: Db, playerRef: string, limit: number, before: string | null): Promise<LedgerRow[]> {
  const list = await rows(
    db,
    sql`select id::text as id, item_id, amount::text as amount, reason, config_id, day,
               (extract(epoch from created_at) * 1000)::float8 as created_at
        from wallet_ledger
        where player_ref = ${playerRef} ${before ? sql`and id < ${before}::bigint` : sql``}
        order by wallet_ledger.id desc limit ${limit}`,
  );
  return list.map((r) => ({
    id: String(r.id),
    itemId: String(r.item_id),
    amount: Number(r.amount),
    reason: String(r.reason),
    configId: r.config_id == null ? null : String(r.config_id),
    day: r.day == null ? null : Number(r.day),
    createdAt: iso(Number(r.created_at)),
  }));
}
