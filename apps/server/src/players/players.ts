import { and, desc, eq, sql } from 'drizzle-orm';
import { dailyRewardStatus, type DayStartSetting, type LastClaim } from '@liveops/domain/daily-rewards';
import {
  onServerClock,
  PLAYER_SUPPORT_HISTORY_MAX,
  type PlayerConfigState,
  type PlayerLedgerPage,
  type PlayerProfile,
  type SupportAction,
} from '@liveops/domain/players';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { iso, rows } from '../db/rows';
import { experiment, item, segment, supportAction, testPlayer } from '../db/schema';
import { inScope, ownedBy, type GameScope } from '../games/game-scope';
import { balancesOf, ledgerOf } from '../player-ledger';
import { findPlayer, type PlayerRecord } from '../runtime/store';
import { explainDailyReward, targetingSnapshot } from '../targeting/daily-reward-targeting';

/*
 * The Players tab (decision 043): a player as the runtime knows them, read with the runtime's own
 * reads and rules. The support actions on them are player-support-actions.ts.
 */

/** The runtime's player of this id in the game, or null when the game has not signed them in. */
export async function findGamePlayer(db: Db, scope: GameScope, playerId: string): Promise<PlayerRecord | null> {
  return findPlayer(db, scope.gameId, playerId);
}

export async function testerOf(db: Db, scope: GameScope, playerId: string) {
  const [row] = await db
    .select({ id: testPlayer.id, clockOffsetMs: testPlayer.clockOffsetMs, note: testPlayer.note })
    .from(testPlayer)
    .where(and(inScope(testPlayer, scope), eq(testPlayer.playerId, playerId)));
  return row ?? null;
}

export const dayStartOf = (row: { dayStartKind: string; dayStartMinute: number }): DayStartSetting =>
  row.dayStartKind === 'utc_time' ? { kind: 'utc_time', minuteOfDay: row.dayStartMinute } : { kind: 'player_midnight' };

/** The player's last claim row (of any kind) of each config, with how many claims they made of it. */
async function lastClaimsOf(db: Db, playerRef: string) {
  const list = await rows(
    db,
    sql`select distinct on (config_id) config_id, seq, kind, day_key, cycle_day, streak,
               (extract(epoch from claimed_at) * 1000)::float8 as claimed_at,
               (select count(*) from daily_reward_claim k
                 where k.player_ref = c.player_ref and k.config_id = c.config_id and k.kind = 'claim')::int as claims
        from daily_reward_claim c where player_ref = ${playerRef}
        order by config_id, seq desc`,
  );
  return new Map(
    list.map((r) => [
      String(r.config_id),
      {
        kind: String(r.kind) as 'claim' | 'reset' | 'set_streak',
        claims: Number(r.claims),
        last: {
          seq: Number(r.seq),
          dayKey: Number(r.day_key),
          cycleDay: Number(r.cycle_day),
          streak: Number(r.streak),
          claimedAt: Number(r.claimed_at),
        } satisfies LastClaim,
      },
    ]),
  );
}

export async function itemNames(db: Db, scope: GameScope): Promise<Map<string, string>> {
  const list = await db.select({ id: item.id, name: item.name }).from(item).where(inScope(item, scope));
  return new Map(list.map((r) => [r.id, r.name]));
}

/** A page of the player's ledger, newest first, with the names of the items that still exist. */
export async function playerLedger(
  db: Db,
  scope: GameScope,
  playerRef: string,
  limit: number,
  before: string | null,
  names?: Map<string, string>,
): Promise<PlayerLedgerPage> {
  const [entries, known] = await Promise.all([
    ledgerOf(db, playerRef, limit + 1, before),
    names ?? itemNames(db, scope),
  ]);
  const page = entries.slice(0, limit);
  return {
    entries: page.map((entry) => ({ ...entry, itemName: known.get(entry.itemId) ?? null })),
    nextBefore: entries.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The experiment table as `e`, the name variantsOf's SQL gives it. */
const e = alias(experiment, 'e');

/**
 * The player's variant per config (decision 046): of the running test if they were assigned in it, else of the
 * latest ended test they were assigned in. Only the studio's own game's experiments.
 */
async function variantsOf(db: Db, scope: GameScope, playerRef: string) {
  const rows = (await db.execute(sql`
    SELECT e.config_id, e.id AS experiment_id, e.status, a.variant_id, v.name AS variant_name,
           (extract(epoch from a.assigned_at) * 1000)::float8 AS assigned_at
    FROM experiment_assignment a
    JOIN experiment e ON e.id = a.experiment_id AND ${inScope(e, scope)}
    JOIN experiment_variant v ON v.experiment_id = a.experiment_id AND v.variant_id = a.variant_id
    WHERE a.player_ref = ${playerRef} AND a.game_id = ${scope.gameId}
    ORDER BY e.config_id, (e.status = 'running') DESC, e.started_at DESC`)) as unknown as {
    rows: {
      config_id: string;
      experiment_id: string;
      status: string;
      variant_id: string;
      variant_name: string;
      assigned_at: number | string;
    }[];
  };
  const byConfig = new Map<string, NonNullable<PlayerConfigState['experiment']>>();
  for (const row of rows.rows) {
    if (byConfig.has(row.config_id)) continue;
    byConfig.set(row.config_id, {
      experimentId: row.experiment_id,
      running: row.status === 'running',
      variantId: row.variant_id,
      variantName: row.variant_name,
      assignedAt: iso(Number(row.assigned_at)),
    });
  }
  return byConfig;
}

export const presentAction = (row: typeof supportAction.$inferSelect): SupportAction => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  details: row.details,
  actor: { userId: row.actorUserId, email: row.actorEmail },
  createdAt: row.createdAt.toISOString(),
});

/**
 * Everything the Players tab shows of a player at `now` (the server's clock; a tester's day follows their offset,
 * and the instants answered are real ones, as the runtime answers them).
 */
export async function playerProfile(
  db: Db,
  scope: GameScope,
  found: PlayerRecord,
  now: number,
  ledgerLimit: number,
): Promise<PlayerProfile> {
  const [tester, segments, { configs, liveArtifacts }, names, balances, claims, actions, variants] = await Promise.all([
    testerOf(db, scope, found.playerId),
    db.select({ id: segment.id, name: segment.name }).from(segment).where(inScope(segment, scope)),
    targetingSnapshot(db, scope),
    itemNames(db, scope),
    balancesOf(db, found.id),
    lastClaimsOf(db, found.id),
    db
      .select()
      .from(supportAction)
      .where(and(eq(supportAction.playerRef, found.id), ownedBy(supportAction, scope.ownerId)))
      .orderBy(desc(supportAction.createdAt), desc(supportAction.id))
      .limit(PLAYER_SUPPORT_HISTORY_MAX),
    variantsOf(db, scope, found.id),
  ]);
  const offset = tester?.clockOffsetMs ?? 0;
  const playerNow = now + offset;
  const segmentName = new Map(segments.map((row) => [row.id, row.name]));
  // The segments the runtime decided at their last session: those it selects their daily reward with.
  const matched = found.matchedSegments.filter((id) => segmentName.has(id));
  const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

  const states: PlayerConfigState[] = configs.map((row) => {
    const known = claims.get(row.id);
    const status = onServerClock(
      dailyRewardStatus(
        known?.last ?? null,
        playerNow,
        { dayStart: dayStartOf(row), missedDay: row.missedDay },
        found.timeZone,
      ),
      offset,
    );
    return {
      configId: row.id,
      name: row.name,
      enabled: row.enabled,
      day: status.day,
      streak: status.streak,
      claimable: status.claimable,
      missed: status.missed,
      nextClaimAt: isoOrNull(status.nextClaimAt),
      lastClaim: known
        ? {
            kind: known.kind,
            cycleDay: known.last.cycleDay,
            streak: known.last.streak,
            at: iso(known.last.claimedAt),
          }
        : null,
      claims: known?.claims ?? 0,
      experiment: variants.get(row.id) ?? null,
    };
  });

  return {
    at: iso(now),
    player: {
      playerId: found.playerId,
      firstSeenAt: iso(found.createdAt),
      lastSeenAt: iso(found.lastSeenAt),
      timeZone: found.timeZone,
      sessionCount: found.sessionCount,
      attributes: found.attributes as Record<string, unknown>,
    },
    tester: tester ? { testPlayerId: tester.id, clockOffsetMs: tester.clockOffsetMs, note: tester.note } : null,
    segments: matched.map((id) => ({ id, name: segmentName.get(id) ?? '' })),
    dailyReward: explainDailyReward({
      configs,
      liveArtifacts,
      segments,
      matched,
      now: playerNow,
    }),
    states,
    balances: balances
      .map((b) => ({ itemId: b.itemId, name: names.get(b.itemId) ?? null, amount: b.amount }))
      .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || (a.itemId < b.itemId ? -1 : 1)),
    ledger: await playerLedger(db, scope, found.id, ledgerLimit, null, names),
    supportActions: actions.map(presentAction),
  };
}
