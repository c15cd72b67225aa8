import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  dailyRewardStatus,
  onServerClock,
  PLAYER_SUPPORT_HISTORY_MAX,
  supportClaimFields,
  type DayStartSetting,
  type LastClaim,
  type PlayerConfigState,
  type PlayerLedgerPage,
  type PlayerProfile,
  type SupportAction,
  type SupportActionInput,
} from '@liveops/domain';
import type { Db } from '../db/database';
import { dailyReward, item, pack, release, segment, supportAction, testPlayer } from '../db/schema';
import { databaseErrorCode } from '../db/database-errors';
import type { GameScope } from '../games/game-scope';
import { balancesOf, findPlayer, ledgerOf, type PlayerRecord } from '../runtime/store';
import { explainDailyReward } from '../targeting/daily-reward-targeting';

/*
 * The Players tab (issue 23 item 3, decision 043): a player as the runtime knows them, read with the runtime's own
 * reads and rules, and the support actions on them. A support grant writes balances and ledger in one transaction
 * with its record; a reset or set streak is a claim row of its kind taking the next seq, so it races safely with
 * the player's claims and with any instance's memory of their last claim (the unique (player, config, seq)
 * refuses a claim decided on a stale one, which is then decided again from the database).
 */

type Row = Record<string, unknown>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const iso = (ms: number) => new Date(ms).toISOString();

/** The runtime's player of this id in the game, or null when the game has not signed them in. */
export async function findGamePlayer(db: Db, scope: GameScope, playerId: string): Promise<PlayerRecord | null> {
  return findPlayer(db, scope.gameId, playerId);
}

async function testerOf(db: Db, scope: GameScope, playerId: string) {
  const [row] = await db
    .select({ id: testPlayer.id, clockOffsetMs: testPlayer.clockOffsetMs, note: testPlayer.note })
    .from(testPlayer)
    .where(
      and(
        eq(testPlayer.gameId, scope.gameId),
        eq(testPlayer.ownerId, scope.ownerId),
        eq(testPlayer.playerId, playerId),
      ),
    );
  return row ?? null;
}

const dayStartOf = (row: { dayStartKind: string; dayStartMinute: number }): DayStartSetting =>
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

async function itemNames(db: Db, scope: GameScope): Promise<Map<string, string>> {
  const list = await db
    .select({ id: item.id, name: item.name })
    .from(item)
    .where(and(eq(item.gameId, scope.gameId), eq(item.ownerId, scope.ownerId)));
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

/**
 * The player's variant per config (decision 046): of the running test if they were assigned in it, else of the
 * latest ended test they were assigned in. Only the studio's own game's experiments.
 */
async function variantsOf(db: Db, scope: GameScope, playerRef: string) {
  const rows = (await db.execute(sql`
    SELECT e.config_id, e.id AS experiment_id, e.status, a.variant_id, v.name AS variant_name,
           (extract(epoch from a.assigned_at) * 1000)::float8 AS assigned_at
    FROM experiment_assignment a
    JOIN experiment e ON e.id = a.experiment_id AND e.game_id = ${scope.gameId} AND e.owner_id = ${scope.ownerId}
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

const presentAction = (row: typeof supportAction.$inferSelect): SupportAction => ({
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
  const [tester, segments, configs, live, names, balances, claims, actions, variants] = await Promise.all([
    testerOf(db, scope, found.playerId),
    db
      .select({ id: segment.id, name: segment.name })
      .from(segment)
      .where(and(eq(segment.gameId, scope.gameId), eq(segment.ownerId, scope.ownerId))),
    db
      .select()
      .from(dailyReward)
      .where(and(eq(dailyReward.gameId, scope.gameId), eq(dailyReward.ownerId, scope.ownerId)))
      .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id)),
    db
      .select({ artifacts: release.artifacts })
      .from(release)
      .where(and(eq(release.gameId, scope.gameId), eq(release.ownerId, scope.ownerId), eq(release.live, true))),
    itemNames(db, scope),
    balancesOf(db, found.id),
    lastClaimsOf(db, found.id),
    db
      .select()
      .from(supportAction)
      .where(and(eq(supportAction.playerRef, found.id), eq(supportAction.ownerId, scope.ownerId)))
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
      liveArtifacts: live[0]?.artifacts ?? [],
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

export type SupportOutcome =
  | { kind: 'done'; action: SupportAction; replayed: boolean }
  | { kind: 'key-reused' }
  | { kind: 'config-not-found' }
  | { kind: 'pack-not-found' }
  | { kind: 'pack-empty' };

type Actor = { userId: string; email: string };

const requestHashOf = (input: SupportActionInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/** The action made with this key on this player before, answered again; or refused when it was another request. */
async function replayOf(db: Db, playerRef: string, key: string, hash: string): Promise<SupportOutcome | null> {
  const [row] = await db
    .select()
    .from(supportAction)
    .where(and(eq(supportAction.playerRef, playerRef), eq(supportAction.idempotencyKey, key)));
  if (!row) return null;
  if (row.requestHash !== hash) return { kind: 'key-reused' };
  return { kind: 'done', action: presentAction(row), replayed: true };
}

/**
 * Does one support action on the player, once per (player, Idempotency-Key): a second request with the key answers
 * the first one's record and changes nothing.
 */
export async function doSupportAction(
  db: Db,
  scope: GameScope,
  found: PlayerRecord,
  input: SupportActionInput,
  ctx: { actor: Actor; idempotencyKey: string; now: number },
): Promise<SupportOutcome> {
  const hash = requestHashOf(input);
  const earlier = await replayOf(db, found.id, ctx.idempotencyKey, hash);
  if (earlier) return earlier;

  const record = (details: Record<string, unknown>) => ({
    id: randomUUID(),
    gameId: scope.gameId,
    ownerId: scope.ownerId,
    playerRef: found.id,
    kind: input.kind,
    reason: input.reason,
    details,
    actorUserId: ctx.actor.userId,
    actorEmail: ctx.actor.email,
    idempotencyKey: ctx.idempotencyKey,
    requestHash: hash,
    createdAt: new Date(ctx.now),
  });

  if (input.kind === 'grant_pack') {
    const [granted] = await db
      .select({ id: pack.id, name: pack.name, contents: pack.contents })
      .from(pack)
      .where(and(eq(pack.id, input.packId), eq(pack.gameId, scope.gameId), eq(pack.ownerId, scope.ownerId)));
    if (!granted) return { kind: 'pack-not-found' };
    const contents = granted.contents.filter((entry) => entry.quantity > 0);
    if (contents.length === 0) return { kind: 'pack-empty' };
    const names = await itemNames(db, scope);
    const details = {
      packId: granted.id,
      packName: granted.name,
      contents: contents.map((e) => ({
        itemId: e.itemId,
        itemName: names.get(e.itemId) ?? null,
        quantity: e.quantity,
      })),
    };
    const changes = JSON.stringify(contents.map((e) => ({ item_id: e.itemId, quantity: e.quantity })));
    const row = await db.transaction(async (tx) => {
      // The record first: its unique (player, key) makes a double click grant once, whichever commits second.
      const [action] = await tx
        .insert(supportAction)
        .values(record(details))
        .onConflictDoNothing({ target: [supportAction.playerRef, supportAction.idempotencyKey] })
        .returning();
      if (!action) return null;
      await tx.execute(sql`
        with g as (select * from jsonb_to_recordset(${changes}::jsonb) as g(item_id text, quantity bigint)),
        b as (
          insert into wallet_balance (player_ref, item_id, amount)
          select ${found.id}, g.item_id, g.quantity from g
          on conflict (player_ref, item_id) do update set amount = wallet_balance.amount + excluded.amount
        )
        insert into wallet_ledger (player_ref, item_id, amount, reason, operation_id, created_at)
        select ${found.id}, g.item_id, g.quantity, 'support_grant', ${action.id}, ${iso(ctx.now)}::timestamptz
        from g`);
      return action;
    });
    if (!row) return (await replayOf(db, found.id, ctx.idempotencyKey, hash)) ?? { kind: 'key-reused' };
    return { kind: 'done', action: presentAction(row), replayed: false };
  }

  const [config] = await db
    .select()
    .from(dailyReward)
    .where(
      and(
        eq(dailyReward.id, input.configId),
        eq(dailyReward.gameId, scope.gameId),
        eq(dailyReward.ownerId, scope.ownerId),
      ),
    );
  if (!config) return { kind: 'config-not-found' };
  const tester = await testerOf(db, scope, found.playerId);
  const playerNow = ctx.now + (tester?.clockOffsetMs ?? 0);
  const streak = input.kind === 'set_streak' ? input.streak : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const [last] = await rows(
          tx as unknown as Db,
          sql`select seq, day_key from daily_reward_claim where player_ref = ${found.id} and config_id = ${config.id}
              order by seq desc limit 1`,
        );
        const before = last ? { seq: Number(last.seq), dayKey: Number(last.day_key) } : null;
        const fields = supportClaimFields(streak, before, playerNow, dayStartOf(config), found.timeZone);
        const [action] = await tx
          .insert(supportAction)
          .values(record({ configId: config.id, configName: config.name, streak }))
          .onConflictDoNothing({ target: [supportAction.playerRef, supportAction.idempotencyKey] })
          .returning();
        if (!action) return null;
        // The next seq, as a claim would take it: a claim deciding on the one before (read here or remembered by
        // an instance) meets this row and is decided again; a claim that got in first makes this one go again.
        await tx.execute(sql`
          insert into daily_reward_claim (id, player_ref, config_id, seq, kind, day_key, cycle_day, streak, pack_id,
                                          idempotency_key, response, claimed_at)
          values (${randomUUID()}, ${found.id}, ${config.id}, ${(before?.seq ?? 0) + 1},
                  ${input.kind === 'set_streak' ? 'set_streak' : 'reset'}, ${fields.dayKey}, ${fields.cycleDay},
                  ${fields.streak}, '', ${`support:${action.id}`}, '{}'::json, ${iso(ctx.now)}::timestamptz)`);
        return action;
      });
      if (!row) return (await replayOf(db, found.id, ctx.idempotencyKey, hash)) ?? { kind: 'key-reused' };
      return { kind: 'done', action: presentAction(row), replayed: false };
    } catch (error) {
      // A claim of the player took that seq meanwhile: nothing was written; read their last claim again.
      if (databaseErrorCode(error) !== '23505' || attempt >= 4) throw error;
    }
  }
}
