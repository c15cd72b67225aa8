import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LastClaim } from '@liveops/domain/daily-rewards';
import type { PlayerAttributes } from '@liveops/domain/runtime-api';
import type { Db } from '../db/database';
import { startingAmounts } from '../player-ledger';
import { iso, rows, type Row } from '../db/rows';
import { parsedJson, prepared } from '../db/statements';

/**
 * The runtime's reads and writes of players and their claims, in plain SQL: each is as few round trips as it can
 * be (a claim is one read and one statement that grants), since these are the hot paths (decision 034). What
 * changes a balance is the player ledger's (player-ledger/).
 */

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
  /** The segments the player was in at their last session (decision 039). */
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
 * A returning player's session, in one statement (decision 039): counts it, marks them seen now and merges the
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
        ${startingAmounts(values.baseAmounts, values.now)}
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
