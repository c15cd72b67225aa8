import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { supportClaimFields, type SupportAction, type SupportActionInput } from '@liveops/domain/players';
import type { Db } from '../db/database';
import { dailyReward, pack, supportAction } from '../db/schema';
import { databaseErrorCode } from '../db/database-errors';
import { inScope, type GameScope } from '../games/game-scope';
import { addToBalances, lastProgress, onceByKey, requestHash, writeProgress, type KeyedRecord } from '../player-ledger';
import type { PlayerRecord } from '../runtime/store';
import { dayStartOf, itemNames, presentAction, testerOf } from './players';

/*
 * The Players tab's support actions (decision 043), each once per (player, Idempotency-Key)
 * through the player ledger's replay. A support grant writes balances and ledger through the ledger, in one
 * transaction with its record; a reset or set streak is a claim row of its kind taking the next seq, so it races
 * safely with the player's claims and with any instance's memory of their last claim (the unique (player, config,
 * seq) refuses a claim decided on a stale one, which is then decided again from the database).
 */

export type SupportOutcome =
  | { kind: 'done'; action: SupportAction; replayed: boolean }
  | { kind: 'key-reused' }
  | { kind: 'config-not-found' }
  | { kind: 'pack-not-found' }
  | { kind: 'pack-empty' };

type Actor = { userId: string; email: string };

/** The action made with this key on this player before, as the ledger's replay reads it. */
async function storedAction(db: Db, playerRef: string, key: string): Promise<KeyedRecord<SupportAction> | null> {
  const [row] = await db
    .select()
    .from(supportAction)
    .where(and(eq(supportAction.playerRef, playerRef), eq(supportAction.idempotencyKey, key)));
  return row ? { request: row.requestHash, response: presentAction(row) } : null;
}

/**
 * Does one support action on the player, once per (player, Idempotency-Key) through the ledger's replay: a second
 * request with the key answers the first one's record and changes nothing.
 */
export async function doSupportAction(
  db: Db,
  scope: GameScope,
  found: PlayerRecord,
  input: SupportActionInput,
  ctx: { actor: Actor; idempotencyKey: string; now: number },
): Promise<SupportOutcome> {
  const hash = requestHash(JSON.stringify(input));
  const outcome = await onceByKey(
    () => storedAction(db, found.id, ctx.idempotencyKey),
    hash,
    () => writeSupportAction(db, scope, found, input, { ...ctx, hash }),
  );
  if (outcome.kind === 'replayed') return { kind: 'done', action: outcome.response, replayed: true };
  if (outcome.kind === 'key-reused') return outcome;
  return outcome.result;
}

/** The action and its record in one transaction; null when its key was taken meanwhile (nothing written). */
async function writeSupportAction(
  db: Db,
  scope: GameScope,
  found: PlayerRecord,
  input: SupportActionInput,
  ctx: { actor: Actor; idempotencyKey: string; now: number; hash: string },
): Promise<SupportOutcome | null> {
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
    requestHash: ctx.hash,
    createdAt: new Date(ctx.now),
  });

  if (input.kind === 'grant_pack') {
    const [granted] = await db
      .select({ id: pack.id, name: pack.name, contents: pack.contents })
      .from(pack)
      .where(and(eq(pack.id, input.packId), inScope(pack, scope)));
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
    const row = await db.transaction(async (tx) => {
      // The record first: its unique (player, key) makes a double click grant once, whichever commits second.
      const [action] = await tx
        .insert(supportAction)
        .values(record(details))
        .onConflictDoNothing({ target: [supportAction.playerRef, supportAction.idempotencyKey] })
        .returning();
      if (!action) return null;
      await addToBalances(tx, {
        playerRef: found.id,
        changes: contents.map((e) => ({ itemId: e.itemId, quantity: e.quantity })),
        reason: 'support_grant',
        operationId: action.id,
        now: ctx.now,
      });
      return action;
    });
    return row && { kind: 'done', action: presentAction(row), replayed: false };
  }

  const [config] = await db
    .select()
    .from(dailyReward)
    .where(and(eq(dailyReward.id, input.configId), inScope(dailyReward, scope)));
  if (!config) return { kind: 'config-not-found' };
  const tester = await testerOf(db, scope, found.playerId);
  const playerNow = ctx.now + (tester?.clockOffsetMs ?? 0);
  const streak = input.kind === 'set_streak' ? input.streak : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const before = await lastProgress(tx, found.id, config.id);
        const fields = supportClaimFields(streak, before, playerNow, dayStartOf(config), found.timeZone);
        const [action] = await tx
          .insert(supportAction)
          .values(record({ configId: config.id, configName: config.name, streak }))
          .onConflictDoNothing({ target: [supportAction.playerRef, supportAction.idempotencyKey] })
          .returning();
        if (!action) return null;
        // The next seq, as a claim would take it: a claim deciding on the one before (read here or remembered by
        // an instance) meets this row and is decided again; a claim that got in first makes this one go again.
        await writeProgress(tx, {
          playerRef: found.id,
          configId: config.id,
          seq: (before?.seq ?? 0) + 1,
          kind: input.kind === 'set_streak' ? 'set_streak' : 'reset',
          ...fields,
          idempotencyKey: `support:${action.id}`,
          now: ctx.now,
        });
        return action;
      });
      return row && { kind: 'done', action: presentAction(row), replayed: false };
    } catch (error) {
      // A claim of the player took that seq meanwhile: nothing was written; read their last claim again.
      if (databaseErrorCode(error) !== '23505' || attempt >= 4) throw error;
    }
  }
}
