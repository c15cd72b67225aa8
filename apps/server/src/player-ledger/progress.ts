import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { iso, rows } from '../db/rows';

/*
 * Rows that move a player's daily-reward progress without granting anything: a support "reset" or "set streak"
 * (decision 043) and a tester's "Reset progress" (decision 040). Each is a claim row of its kind taking the next
 * seq, exactly as a claim would, so it races safely with the player's claims and with any instance's memory of
 * their last claim: the unique (player, config, seq) refuses whichever commits second (23505), which the caller
 * decides again.
 */

type Executor = Pick<Db, 'execute'>;

/** The player's last claim row (of any kind) of the config: its seq and day key, or null before any. */
export async function lastProgress(
  tx: Executor,
  playerRef: string,
  configId: string,
): Promise<{ seq: number; dayKey: number } | null> {
  const [last] = await rows(
    tx,
    sql`select seq, day_key from daily_reward_claim where player_ref = ${playerRef} and config_id = ${configId}
        order by seq desc limit 1`,
  );
  return last ? { seq: Number(last.seq), dayKey: Number(last.day_key) } : null;
}

export type ProgressRow = {
  playerRef: string;
  configId: string;
  /** The seq it takes: the one after lastProgress's, or 'next' to take it in the statement itself. */
  seq: number | 'next';
  kind: 'reset' | 'set_streak';
  dayKey: number;
  cycleDay: number;
  streak: number;
  /** Unique per player among claims' keys: it names where the row came from (`support:<action id>`, `reset:…`). */
  idempotencyKey: string;
  now: number;
};

export async function writeProgress(tx: Executor, row: ProgressRow): Promise<void> {
  const at = iso(row.now);
  if (row.seq === 'next') {
    await tx.execute(sql`
      insert into daily_reward_claim (id, player_ref, config_id, seq, kind, day_key, cycle_day, streak, pack_id,
                                      idempotency_key, response, claimed_at)
      select ${randomUUID()}, ${row.playerRef}, ${row.configId}, coalesce(max(seq), 0) + 1, ${row.kind}, ${row.dayKey},
             ${row.cycleDay}, ${row.streak}, '', ${row.idempotencyKey}, '{}'::json, ${at}::timestamptz
      from daily_reward_claim where player_ref = ${row.playerRef} and config_id = ${row.configId}`);
    return;
  }
  await tx.execute(sql`
    insert into daily_reward_claim (id, player_ref, config_id, seq, kind, day_key, cycle_day, streak, pack_id,
                                    idempotency_key, response, claimed_at)
    values (${randomUUID()}, ${row.playerRef}, ${row.configId}, ${row.seq}, ${row.kind}, ${row.dayKey},
            ${row.cycleDay}, ${row.streak}, '', ${row.idempotencyKey}, '{}'::json, ${at}::timestamptz)`);
}
