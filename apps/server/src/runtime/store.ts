import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { LastClaim, PlayerAttributes } from '@liveops/domain';
import type { Db } from '../db/database';

/**
 * The runtime's reads and writes, in plain SQL: each is as few round trips as it can be (a claim is one read and
 * one transaction of two statements), since these are the hot paths (decision 034).
 */

type Row = Record<string, unknown>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

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

const iso = (ms: number) => new Date(ms).toISOString();
const num = (value: unknown) => Number(value);
/** A text[] parameter, sent as JSON so that it reads the same through node-postgres and PGlite. */
const textArray = (values: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;

export type PlayerRecord = {
  id: string;
  playerId: string;
  timeZone: string;
  timeZoneChangedAt: number | null;
  /** What the game sent of the player over time (built-in and custom attributes, as sent). */
  attributes: PlayerAttributes;
  sessionCount: number;
  /** The segments the player was in at their last session (issue 22). */
  matchedSegments: string[];
  createdAt: number;
  lastSeenAt: number;
};

const toPlayer = (row: Row): PlayerRecord => ({
  id: String(row.id),
  playerId: String(row.player_id),
  timeZone: String(row.time_zone),
  timeZoneChangedAt: row.time_zone_changed_at == null ? null : num(row.time_zone_changed_at),
  attributes: (typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes) as PlayerAttributes,
  sessionCount: num(row.session_count),
  matchedSegments: ((parsedJson(row.matched_segments) ?? []) as unknown[]).map(String),
  createdAt: num(row.created_at),
  lastSeenAt: num(row.last_seen_at),
});

const PLAYER_COLUMNS_TEXT = `id, player_id, time_zone,
   (extract(epoch from time_zone_changed_at) * 1000)::float8 as time_zone_changed_at,
   attributes, session_count, to_json(matched_segments) as matched_segments,
   (extract(epoch from created_at) * 1000)::float8 as created_at,
   (extract(epoch from last_seen_at) * 1000)::float8 as last_seen_at`;
const PLAYER_COLUMNS = sql.raw(PLAYER_COLUMNS_TEXT);

export async function findPlayer(db: Db, gameId: string, playerId: string): Promise<PlayerRecord | null> {
  const [row] = await rows(
    db,
    sql`select ${PLAYER_COLUMNS} from player where game_id = ${gameId} and player_id = ${playerId}`,
  );
  return row ? toPlayer(row) : null;
}

/**
 * A returning player's session, in one statement (issue 22): counts it, marks them seen now and merges the
 * attributes sent into theirs, answering the player as they are after it with their last claim of each config (the
 * claims that follow need no read). Null for a player the game has not signed in before.
 *
 * Its commit does not wait for the disk (synchronous_commit off for this statement's transaction only, decision
 * 039): a crash may lose the last fraction of a second of session counts and attributes, which the next session
 * sets again, and nothing of a wallet. Waiting made a session's statement about half as fast as the read it
 * replaces.
 */
export async function recordSession(
  db: Db,
  gameId: string,
  playerId: string,
  values: { attributes: Record<string, unknown>; now: number },
): Promise<{ player: PlayerRecord; lastClaims: Map<string, LastClaim> } | null> {
  const [row] = await prepared(
    db,
    'runtime_session',
    `with async_commit as (select set_config('synchronous_commit', 'off', true))
     update player set session_count = session_count + 1, last_seen_at = $3::timestamptz,
       attributes = attributes || $4::jsonb
     from async_commit where game_id = $1 and player_id = $2
     returning ${PLAYER_COLUMNS_TEXT},
       (select json_agg(json_build_object('config_id', config_id, 'seq', seq, 'day_key', day_key,
                                          'cycle_day', cycle_day, 'streak', streak,
                                          'claimed_at', (extract(epoch from claimed_at) * 1000)::float8))
        from (select distinct on (config_id) config_id, seq, day_key, cycle_day, streak, claimed_at
              from daily_reward_claim where player_ref = player.id
              order by config_id, seq desc) last) as last_claims`,
    [gameId, playerId, iso(values.now), JSON.stringify(values.attributes)],
  );
  if (!row) return null;
  const lastClaims = new Map<string, LastClaim>();
  for (const entry of (parsedJson(row.last_claims) ?? []) as Row[]) {
    const claim = toLastClaim(entry);
    if (claim) lastClaims.set(String(entry.config_id), claim);
  }
  return { player: toPlayer(row), lastClaims };
}

/**
 * A new player with the base amounts of the game's items, as ledger entries, in one statement. Null when the
 * player was created meanwhile by another request (the caller reads it then).
 */
export async function createPlayer(
  db: Db,
  values: {
    gameId: string;
    playerId: string;
    timeZone: string;
    attributes: Record<string, unknown>;
    matchedSegments: string[];
    baseAmounts: { itemId: string; amount: number }[];
    now: number;
  },
): Promise<PlayerRecord | null> {
  const id = randomUUID();
  const base = JSON.stringify(values.baseAmounts.map((b) => ({ item_id: b.itemId, amount: b.amount })));
  const [row] = await rows(
    db,
    sql`with p as (
          insert into player (id, game_id, player_id, time_zone, time_zone_changed_at, attributes, session_count,
                              matched_segments, created_at, last_seen_at)
          values (${id}, ${values.gameId}, ${values.playerId}, ${values.timeZone}, null,
                  ${JSON.stringify(values.attributes)}::jsonb, 1, ${textArray(values.matchedSegments)},
                  ${iso(values.now)}::timestamptz, ${iso(values.now)}::timestamptz)
          on conflict (game_id, player_id) do nothing
          returning ${PLAYER_COLUMNS}
        ),
        base as (select * from jsonb_to_recordset(${base}::jsonb) as b(item_id text, amount bigint)),
        balances as (
          insert into wallet_balance (player_ref, item_id, amount) select p.id, base.item_id, base.amount from p, base
        ),
        ledger as (
          insert into wallet_ledger (player_ref, item_id, amount, reason, created_at)
          select p.id, base.item_id, base.amount, 'base_amount', ${iso(values.now)}::timestamptz from p, base
        )
        select * from p`,
  );
  return row ? toPlayer(row) : null;
}

/**
 * What a session decided after counting it (recordSession): the time zone the rules allow and the segments the
 * player is in now. Written only when one of them changed, with a commit that does not wait for the disk either:
 * a crash that loses it leaves the player's previous zone and segments, which their next session decides again.
 */
export async function updatePlayer(
  db: Db,
  player: PlayerRecord,
  changes: { timeZone: string; timeZoneChangedAt: number | null; matchedSegments: string[] },
): Promise<PlayerRecord> {
  await prepared(
    db,
    'runtime_session_decided',
    `with async_commit as (select set_config('synchronous_commit', 'off', true))
     update player set time_zone = $2, time_zone_changed_at = $3::timestamptz,
       matched_segments = array(select jsonb_array_elements_text($4::jsonb))::text[]
     from async_commit where id = $1`,
    [
      player.id,
      changes.timeZone,
      changes.timeZoneChangedAt === null ? null : iso(changes.timeZoneChangedAt),
      JSON.stringify(changes.matchedSegments),
    ],
  );
  return { ...player, ...changes };
}

export type ClaimContext = {
  timeZone: string | null;
  /** The segments the player matched at their last session (decision 038). */
  matchedSegments: string[];
  last: LastClaim | null;
  /** A claim made before with this key: its config, and its answer as stored (the bytes to send again). */
  replay: { configId: string; response: string } | null;
};

const toLastClaim = (value: unknown): LastClaim | null => {
  if (value == null) return null;
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Row;
  return {
    seq: num(row.seq),
    dayKey: num(row.day_key),
    cycleDay: num(row.cycle_day),
    streak: num(row.streak),
    claimedAt: num(row.claimed_at),
  };
};

const parsedJson = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

/** Everything a claim decides on, in one read: the player's zone, their last claim of the config, and a replay. */
export async function claimContext(
  db: Db,
  playerRef: string,
  configId: string,
  idempotencyKey: string | null,
): Promise<ClaimContext> {
  const [row] = await prepared(
    db,
    'runtime_claim_context',
    `select
       (select time_zone from player where id = $1) as time_zone,
       (select to_json(matched_segments) from player where id = $1) as matched_segments,
       (select json_build_object('seq', seq, 'day_key', day_key, 'cycle_day', cycle_day, 'streak', streak,
                                 'claimed_at', (extract(epoch from claimed_at) * 1000)::float8)
          from daily_reward_claim where player_ref = $1 and config_id = $2
          order by seq desc limit 1) as last,
       (select json_build_object('configId', config_id, 'response', response::text)
          from daily_reward_claim where player_ref = $1 and idempotency_key = $3) as replay`,
    [playerRef, configId, idempotencyKey ?? ''],
  );
  const replay = idempotencyKey ? (parsedJson(row?.replay) as ClaimContext['replay']) : null;
  return {
    timeZone: row?.time_zone == null ? null : String(row.time_zone),
    matchedSegments: ((parsedJson(row?.matched_segments) ?? []) as unknown[]).map(String),
    last: toLastClaim(row?.last),
    replay: replay ? { configId: replay.configId, response: String(replay.response) } : null,
  };
}

/**
 * What a list decides on, in one read (decision 038): the player's zone, the segments they matched at their last
 * session, and the last claim of the config they get. `candidates` are the configs that may be theirs now, in rank
 * order, each with its segment (null: for everyone); the statement picks the first whose segment the player
 * matched, as selectDailyReward does over the same candidates, so the database reads one config's claims, not
 * every candidate's. `picked` says which config `last` is of: the caller checks it against its own selection.
 */
export async function listContext(
  db: Db,
  playerRef: string,
  candidates: string,
): Promise<{ timeZone: string | null; matchedSegments: string[]; picked: string | null; last: LastClaim | null }> {
  const [row] = await prepared(
    db,
    'runtime_list_context',
    `select p.time_zone, to_json(p.matched_segments) as matched_segments, pick.config_id as picked,
       last.seq, last.day_key, last.cycle_day, last.streak, last.claimed_at
     from player p
     left join lateral (
       select c.value->>0 as config_id
       from jsonb_array_elements($2::jsonb) with ordinality as c(value, ord)
       where c.value->>1 is null or (c.value->>1) = any(p.matched_segments)
       order by c.ord limit 1) pick on true
     left join lateral (
       select seq, day_key, cycle_day, streak, (extract(epoch from claimed_at) * 1000)::float8 as claimed_at
       from daily_reward_claim
       where player_ref = p.id and config_id = pick.config_id
       order by seq desc limit 1) last on true
     where p.id = $1`,
    [playerRef, candidates],
  );
  return {
    timeZone: row?.time_zone == null ? null : String(row.time_zone),
    matchedSegments: ((parsedJson(row?.matched_segments) ?? []) as unknown[]).map(String),
    picked: row?.picked == null ? null : String(row.picked),
    last: row?.seq == null ? null : toLastClaim(row),
  };
}

/** The candidates as listContext takes them: `[[configId, segmentId | null], ...]` in rank order, as JSON. */
export function listCandidatesParam(candidates: readonly { id: string; segmentId: string | null }[]): string {
  return JSON.stringify(candidates.map((config) => [config.id, config.segmentId]));
}

export type Balance = { itemId: string; amount: number };

const toBalances = (list: Row[]): Balance[] =>
  list
    .map((r) => ({ itemId: String(r.item_id), amount: num(r.amount) }))
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));

/** Where a claim's answer holds its balances, filled in by the database in the statement that grants. */
export const BALANCES_MARK = '__balances__';

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

export type LedgerRow = {
  id: string;
  itemId: string;
  amount: number;
  reason: string;
  configId: string | null;
  day: number | null;
  createdAt: string;
};

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
    amount: num(r.amount),
    reason: String(r.reason),
    configId: r.config_id == null ? null : String(r.config_id),
    day: r.day == null ? null : num(r.day),
    createdAt: iso(num(r.created_at)),
  }));
}

/** A server grant or consume already made with this key of the game, if any. */
export async function findWalletOperation(
  db: Db,
  gameId: string,
  idempotencyKey: string,
): Promise<{ requestHash: string; response: unknown } | null> {
  const [row] = await rows(
    db,
    sql`select request_hash, response from wallet_operation where game_id = ${gameId} and idempotency_key = ${idempotencyKey}`,
  );
  return row ? { requestHash: String(row.request_hash), response: parsedJson(row.response) } : null;
}

/**
 * Adds the signed quantities to the player's balances with their ledger entries, once per idempotency key, in one
 * transaction. A balance that would go below 0 breaks the table's check (23514): nothing is changed then.
 */
export class InsufficientBalanceError extends Error {}

/**
 * Adds the signed quantities to the player's balances with their ledger entries, once per idempotency key, in one
 * transaction. A grant adds to (or creates) a balance; a consume takes from balances that exist. A balance that
 * would go below 0 breaks the table's check (23514), and a consume of an item the player has none of throws
 * InsufficientBalanceError: nothing is changed then.
 */
export async function writeWalletOperation(
  db: Db,
  op: {
    gameId: string;
    playerRef: string;
    idempotencyKey: string;
    requestHash: string;
    reason: 'server_grant' | 'server_consume';
    changes: { itemId: string; quantity: number }[];
    now: number;
  },
  answer: (balances: Balance[]) => unknown,
): Promise<unknown> {
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
      tx as unknown as Db,
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
    const response = answer(toBalances(list));
    await tx.execute(sql`update wallet_operation set response = ${JSON.stringify(response)}::json where id = ${id}`);
    return response;
  });
}
