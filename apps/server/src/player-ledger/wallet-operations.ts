import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { databaseErrorCode } from '../db/database-errors';
import { iso, rows } from '../db/rows';
import { parsedJson } from '../db/statements';
import { toBalances, type Balance } from './balances';
import { onceByKey, type KeyedRecord, type Replayed } from './replay';

/** A server grant or consume (the game's backend), ready to write: the player and the signed quantities. */
export type WalletOperation = {
  playerRef: string;
  reason: 'server_grant' | 'server_consume';
  changes: { itemId: string; quantity: number }[];
  now: number;
  /** The answer to store with the operation, from the player's balances after it. */
  answer: (balances: Balance[]) => object;
};

export type WalletOutcome = Replayed<unknown> | { kind: 'written'; result: object } | { kind: 'insufficient-balance' };

/** A consume of an item the player has none of: nothing was changed. */
class InsufficientBalanceError extends Error {}

/**
 * A server grant or consume, once per (game, Idempotency-Key): a key used before answers its stored answer (or
 * `key-reused` for another request); else `prepare` (which may refuse by throwing) says what to write, and it is
 * written with the key in one transaction. A balance that would go below 0 changes nothing: `insufficient-balance`.
 */
export async function walletOperationOnce(
  db: Db,
  key: { gameId: string; idempotencyKey: string; requestHash: string },
  prepare: () => Promise<WalletOperation>,
): Promise<WalletOutcome> {
  try {
    return await onceByKey(
      () => findWalletOperation(db, key.gameId, key.idempotencyKey),
      key.requestHash,
      async () => {
        const op = await prepare();
        try {
          return await writeWalletOperation(db, { ...key, ...op });
        } catch (error) {
          // The key's unique index: another request with it committed first, and is replayed.
          if (databaseErrorCode(error) === '23505') return null;
          throw error;
        }
      },
    );
  } catch (error) {
    if (databaseErrorCode(error) === '23514' || error instanceof InsufficientBalanceError) {
      return { kind: 'insufficient-balance' };
    }
    throw error;
  }
}

async function findWalletOperation(
  db: Db,
  gameId: string,
  idempotencyKey: string,
): Promise<KeyedRecord<unknown> | null> {
  const [row] = await rows(
    db,
    sql`select request_hash, response from wallet_operation where game_id = ${gameId} and idempotency_key = ${idempotencyKey}`,
  );
  return row ? { request: String(row.request_hash), response: parsedJson(row.response) } : null;
}

/**
 * Adds the signed quantities to the player's balances with their ledger entries, in one transaction with the
 * operation's record. A grant adds to (or creates) a balance; a consume takes from balances that exist. A balance
 * that would go below 0 breaks the table's check (23514), and a consume of an item the player has none of throws
 * InsufficientBalanceError: nothing is changed then.
 */
async function writeWalletOperation(
  db: Db,
  op: WalletOperation & { gameId: string; idempotencyKey: string; requestHash: string },
): Promise<object> {
  const id = randomUUID();
  const changes = JSON.stringify(op.changes.map((g) => ({ item_id: g.itemId, quantity: g.quantity })));
  // A consume must not insert: PostgreSQL checks an insert's row (a negative amount) before it sees the conflict.
  const change =
    op.reason === 'server_grant'
      ? sql`insert into wallet_balance (player_ref, item_id, amount)
            select ${op.playerRef}, g.item_id, g.quantity from g, o
            on conflict (player_ref, item_id) do update set amount = wallet_balance.amount + excluded.amount
            returning item_id, amount`
      : sql`update wallet_balance w set amount = w.amount + g.quantity from g, o
            where w.player_ref = ${op.playerRef} and w.item_id = g.item_id
            returning w.item_id, w.amount`;
  return db.transaction(async (tx) => {
    const list = await rows(
      tx,
      sql`with o as (
            insert into wallet_operation (id, game_id, player_ref, idempotency_key, request_hash, response, created_at)
            values (${id}, ${op.gameId}, ${op.playerRef}, ${op.idempotencyKey}, ${op.requestHash}, '{}'::json,
                    ${iso(op.now)}::timestamptz)
            returning id
          ),
          g as (select * from jsonb_to_recordset(${changes}::jsonb) as g(item_id text, quantity bigint)),
          b as (${change}),
          l as (
            insert into wallet_ledger (player_ref, item_id, amount, reason, operation_id, created_at)
            select ${op.playerRef}, g.item_id, g.quantity, ${op.reason}, o.id, ${iso(op.now)}::timestamptz from g, o
          )
          select item_id, amount::text as amount, true as changed from b
          union all
          select item_id, amount::text, false from wallet_balance
          where player_ref = ${op.playerRef} and item_id not in (select item_id from g)`,
    );
    if (list.filter((r) => r.changed === true || r.changed === 't').length !== op.changes.length) {
      throw new InsufficientBalanceError('a consumed item has no balance');
    }
    const response = op.answer(toBalances(list));
    await tx.execute(sql`update wallet_operation set response = ${JSON.stringify(response)}::json where id = ${id}`);
    return response;
  });
}
