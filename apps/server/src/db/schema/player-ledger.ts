import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idempotentRequest, keptResponse, timestamptz } from './columns';
import { gameRef } from './games';
import { playerRef } from './players';

/** The player ledger's tables (decision 059): written only through apps/server/src/player-ledger. */
/** What a player holds of each item. Never below 0; always the sum of the player's ledger for that item. */
export const walletBalance = pgTable(
  'wallet_balance',
  {
    // No foreign key on the hot player tables (decision 041): a key check locks the player's row on every claim,
    // a write of its own. The player_children_delete trigger (migration 0014) deletes them with their player.
    playerRef: text('player_ref').notNull(),
    itemId: text('item_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerRef, t.itemId] }),
    check('wallet_balance_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** Every change of a balance, signed, with what caused it. Item ids stay as text: an item may be deleted later. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key (decision 041): deleted with the player by the player_children_delete trigger.
    playerRef: text('player_ref').notNull(),
    itemId: text('item_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason')
      .$type<'base_amount' | 'daily_reward' | 'server_grant' | 'server_consume' | 'support_grant'>()
      .notNull(),
    configId: text('config_id'),
    day: integer('day'),
    /** The claim or server operation that made this change. */
    operationId: text('operation_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('wallet_ledger_player_idx').on(t.playerRef, t.id)],
);

/**
 * One row per daily-reward grant. (player, config, seq) is the key: a claim writes seq = the last claim's + 1, so
 * of two claims that read the same last claim only one can commit, on any instance. (player, idempotency key) is
 * unique too, and `response` is the answer, sent again to a retry with the same key. No foreign keys (decision
 * 041): a key check would lock the player's row and the config's row (every player's claims on one row) on every
 * claim; the player_children_delete and daily_reward_claims_delete triggers delete claims with their player or
 * config. `id` names the claim in the ledger (operation_id); it needs no index.
 */
export const dailyRewardClaim = pgTable(
  'daily_reward_claim',
  {
    id: text('id').notNull(),
    playerRef: text('player_ref').notNull(),
    configId: text('config_id').notNull(),
    seq: integer('seq').notNull(),
    /**
     * 'claim' is a grant. 'reset' and 'set_streak' are adjustments (a tester's "Reset progress", support actions,
     * issues 22 and 23): they take the next seq like a claim, so they race safely with claims, and grant nothing
     * (pack_id '' and no ledger entries).
     */
    kind: text('kind').$type<'claim' | 'reset' | 'set_streak'>().notNull().default('claim'),
    dayKey: integer('day_key').notNull(),
    cycleDay: integer('cycle_day').notNull(),
    streak: integer('streak').notNull(),
    packId: text('pack_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    response: keptResponse(),
    claimedAt: timestamptz('claimed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'daily_reward_claim_pkey', columns: [t.playerRef, t.configId, t.seq] }),
    uniqueIndex('daily_reward_claim_key_idx').on(t.playerRef, t.idempotencyKey),
    // The analytics feed reads the last minutes' claims (decision 045). Rows arrive in about claimed_at order, so a
    // BRIN index (a summary per block range, nearly free to keep up) finds them without a b-tree insert per claim.
    index('daily_reward_claim_claimed_at_idx').using('brin', t.claimedAt),
  ],
);

/** A grant or consume by the game's backend, once per idempotency key of the game; `response` is its answer. */
export const walletOperation = pgTable(
  'wallet_operation',
  {
    id: text('id').primaryKey(),
    gameId: gameRef(),
    playerRef: playerRef(),
    ...idempotentRequest(),
    response: keptResponse(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('wallet_operation_key_idx').on(t.gameId, t.idempotencyKey)],
);
