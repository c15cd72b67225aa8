import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { iso } from '../db/rows';

/**
 * Adds quantities to a player's balances with their ledger entries, in the caller's transaction: the caller's
 * record of why (a support action) is written in it first, and its id names the entries' operation.
 */
export async function addToBalances(
  tx: Pick<Db, 'execute'>,
  grant: {
    playerRef: string;
    changes: { itemId: string; quantity: number }[];
    reason: 'support_grant';
    operationId: string;
    now: number;
  },
): Promise<void> {
  const changes = JSON.stringify(grant.changes.map((e) => ({ item_id: e.itemId, quantity: e.quantity })));
  await tx.execute(sql`
    with g as (select * from jsonb_to_recordset(${changes}::jsonb) as g(item_id text, quantity bigint)),
    b as (
      insert into wallet_balance (player_ref, item_id, amount)
      select ${grant.playerRef}, g.item_id, g.quantity from g
      on conflict (player_ref, item_id) do update set amount = wallet_balance.amount + excluded.amount
    )
    insert into wallet_ledger (player_ref, item_id, amount, reason, operation_id, created_at)
    select ${grant.playerRef}, g.item_id, g.quantity, ${grant.reason}, ${grant.operationId}, ${iso(grant.now)}::timestamptz
    from g`);
}

/**
 * A new player's starting amounts (each enabled item's base amount), as the statements of the caller's `with`
 * that creates the player: `p` is the caller's player row (empty when the player existed), and the amounts go in
 * as balances and as `base_amount` ledger entries in that same statement.
 */
export function startingAmounts(amounts: { itemId: string; amount: number }[], now: number) {
  const base = JSON.stringify(amounts.map((b) => ({ item_id: b.itemId, amount: b.amount })));
  return sql`base as (select * from jsonb_to_recordset(${base}::jsonb) as b(item_id text, amount bigint)),
        balances as (
          insert into wallet_balance (player_ref, item_id, amount) select p.id, base.item_id, base.amount from p, base
        ),
        ledger as (
          insert into wallet_ledger (player_ref, item_id, amount, reason, created_at)
          select p.id, base.item_id, base.amount, 'base_amount', ${iso(now)}::timestamptz from p, base
        )`;
}
