import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import { prepared } from '../db/statements';

/** Where a claim's answer holds its balances, filled in by the database in the statement that grants. */
export const BALANCES_MARK = '__balances__';

export type ClaimWrite = {
  playerRef: string;
  configId: string;
  seq: number;
  dayKey: number;
  cycleDay: number;
  streak: number;
  packId: string;
  idempotencyKey: string;
  granted: { itemId: string; quantity: number }[];
  /** The game's items' keys by id: each balance of the answer names its item's key (decision 051). */
  itemKeys: Readonly<Record<string, string>>;
  now: number;
};

/**
 * Writes daily-reward grants, several players' at once when claims come faster than the database answers
 * (decision 041). Each claim is still all or nothing and happens once:
 * - One statement a batch (so one transaction and one commit for all of it): each claim row is inserted with
 *   `on conflict do nothing`, and only the claims whose row went in grant: their balances and ledger entries are
 *   written from the statement's `returning`. A claim whose row met the unique (player, config, seq) or
 *   (player, idempotency key) grants nothing and answers null: another claim won, and the caller decides again.
 * - A batch holds at most one claim of a player, so the balances of one answer never miss another's grant.
 * - The answer is the caller's JSON with `"__balances__"` replaced by every balance of the player after the grant,
 *   and is kept with the claim for retries.
 * Batching is adaptive: claims whose requests were read in the same turn of the event loop go together as soon as
 * that turn's I/O is done, while fewer than `maxInFlight` statements are running, so a quiet server adds no wait;
 * under a burst, claims gather while the statements in flight run, and go together.
 */
export type ClaimWriter = {
  /** The stored answer of the claim, or null when another claim (or this key) got there first. */
  write: (claim: ClaimWrite, answer: string) => Promise<string | null>;
};

type Pending = {
  row: Record<string, unknown>;
  playerRef: string;
  resolve: (answer: string | null) => void;
  reject: (error: unknown) => void;
};

const MAX_BATCH = 64;

const CLAIMS_STATEMENT = `with x as (
    select * from jsonb_to_recordset($1::jsonb) as x(id text, player_ref text, config_id text, seq int, day_key int,
      cycle_day int, streak int, pack_id text, idem text, before text, after text, at timestamptz, granted jsonb,
      keys jsonb)
  ),
  g as (
    select x.id, x.player_ref, e.item_id, sum(e.quantity)::bigint as quantity
    from x cross join lateral jsonb_to_recordset(x.granted) as e(item_id text, quantity bigint)
    group by x.id, x.player_ref, e.item_id
  ),
  after_grant as (
    select x.id, t.item_id, t.amount from x cross join lateral (
      select coalesce(w.item_id, gg.item_id) as item_id, coalesce(w.amount, 0) + coalesce(gg.quantity, 0) as amount
      from (select item_id, amount from wallet_balance where player_ref = x.player_ref) w
      full join (select item_id, quantity from g where g.id = x.id) gg on gg.item_id = w.item_id
    ) t
  ),
  c as (
    insert into daily_reward_claim (id, player_ref, config_id, seq, day_key, cycle_day, streak, pack_id,
                                    idempotency_key, response, claimed_at)
    select x.id, x.player_ref, x.config_id, x.seq, x.day_key, x.cycle_day, x.streak, x.pack_id, x.idem,
           (x.before || (select coalesce(json_agg(json_build_object('itemId', a.item_id, 'key', x.keys ->> a.item_id,
                                                                    'amount', a.amount)
                                                  order by a.item_id collate "C"), '[]'::json)
                         from after_grant a where a.id = x.id)::text || x.after)::json,
           x.at
    from x
    on conflict do nothing
    returning id, response
  ),
  b as (
    insert into wallet_balance (player_ref, item_id, amount)
    select g.player_ref, g.item_id, g.quantity from g join c on c.id = g.id
    on conflict (player_ref, item_id) do update set amount = wallet_balance.amount + excluded.amount
  ),
  l as (
    insert into wallet_ledger (player_ref, item_id, amount, reason, config_id, day, operation_id, created_at)
    select g.player_ref, g.item_id, g.quantity, 'daily_reward', x.config_id, x.cycle_day, x.id, x.at
    from g join c on c.id = g.id join x on x.id = g.id
  )
  select id, response::text as response from c`;

export function createClaimWriter(deps: { db: Db; logger: Logger; maxInFlight: number }): ClaimWriter {
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  const run = async (batch: Pending[]): Promise<void> => {
    let rows: Record<string, unknown>[];
    try {
      rows = await prepared(deps.db, 'runtime_claims', CLAIMS_STATEMENT, [JSON.stringify(batch.map((p) => p.row))]);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the batch was written: each claim goes again on its own, so that one claim's failure is its own.
      deps.logger.warn('runtime: a batch of claims failed; writing them one by one', { claims: batch.length });
      await Promise.all(batch.map((pending) => run([pending])));
      return;
    }
    const answers = new Map(rows.map((row) => [String(row.id), String(row.response)]));
    for (const pending of batch) pending.resolve(answers.get(String(pending.row.id)) ?? null);
  };

  const pump = () => {
    while (inFlight < deps.maxInFlight && queue.length > 0) {
      const batch: Pending[] = [];
      const players = new Set<string>();
      for (let i = 0; i < queue.length && batch.length < MAX_BATCH;) {
        const pending = queue[i]!;
        if (players.has(pending.playerRef)) {
          i++;
          continue;
        }
        players.add(pending.playerRef);
        batch.push(pending);
        queue.splice(i, 1);
      }
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return {
    write(claim, answer) {
      const [before, after, ...more] = answer.split(`"${BALANCES_MARK}"`);
      if (before === undefined || after === undefined || more.length) {
        return Promise.reject(new Error('a claim answer marks its balances once'));
      }
      const row = {
        id: randomUUID(),
        player_ref: claim.playerRef,
        config_id: claim.configId,
        seq: claim.seq,
        day_key: claim.dayKey,
        cycle_day: claim.cycleDay,
        streak: claim.streak,
        pack_id: claim.packId,
        idem: claim.idempotencyKey,
        before,
        after,
        at: new Date(claim.now).toISOString(),
        granted: claim.granted.map((g) => ({ item_id: g.itemId, quantity: g.quantity })),
        keys: claim.itemKeys,
      };
      return new Promise<string | null>((resolve, reject) => {
        queue.push({ row, playerRef: claim.playerRef, resolve, reject });
        // Claims whose requests were read in the same turn of the event loop go together: sent once that turn's
        // I/O is done (setImmediate), which adds no wait to a claim on its own.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
  };
}
