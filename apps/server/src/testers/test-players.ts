import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { type DayStartSetting } from '@liveops/domain/daily-rewards';
import { nextDayOffset, resetClaimFields, TEST_PLAYER_OFFSET_MAX_MS, type TestPlayer } from '@liveops/domain/players';
import type { Db } from '../db/database';
import { dailyReward, player, testPlayer } from '../db/schema';
import { databaseErrorCode } from '../db/database-errors';
import { inScope, type GameScope } from '../games/game-scope';
import { writeProgress } from '../player-ledger';

/**
 * Test players (decision 040): the dashboard's side. Their offsets reach the runtime through its game
 * cache (runtime/testers.ts), emptied by the live event each change publishes.
 */

export type TestPlayerRow = typeof testPlayer.$inferSelect;

export const presentTestPlayer = (row: TestPlayerRow): TestPlayer => ({
  id: row.id,
  gameId: row.gameId,
  playerId: row.playerId,
  clockOffsetMs: row.clockOffsetMs,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const ownTestPlayer = (scope: GameScope, id: string) => and(eq(testPlayer.id, id), inScope(testPlayer, scope));

export async function listTestPlayers(db: Db, scope: GameScope): Promise<TestPlayer[]> {
  const rows = await db
    .select()
    .from(testPlayer)
    .where(inScope(testPlayer, scope))
    .orderBy(asc(testPlayer.createdAt), asc(testPlayer.id));
  return rows.map(presentTestPlayer);
}

export async function findTestPlayer(db: Db, scope: GameScope, id: string): Promise<TestPlayerRow | null> {
  const [row] = await db.select().from(testPlayer).where(ownTestPlayer(scope, id));
  return row ?? null;
}

/** A daily reward config of the game: its day rule, which decides when a tester's next day starts. */
export async function configDayStart(db: Db, scope: GameScope, configId: string): Promise<DayStartSetting | null> {
  const [row] = await db
    .select({ kind: dailyReward.dayStartKind, minute: dailyReward.dayStartMinute })
    .from(dailyReward)
    .where(and(eq(dailyReward.id, configId), inScope(dailyReward, scope), eq(dailyReward.enabled, true)));
  if (!row) return null;
  return row.kind === 'utc_time' ? { kind: 'utc_time', minuteOfDay: row.minute } : { kind: 'player_midnight' };
}

/** The runtime's player of this id in the game, if the game has signed them in yet. */
async function runtimePlayer(db: Db, gameId: string, playerId: string) {
  const [row] = await db
    .select({ ref: player.id, timeZone: player.timeZone })
    .from(player)
    .where(and(eq(player.gameId, gameId), eq(player.playerId, playerId)));
  return row ?? null;
}

/**
 * "Next day": the tester's clock moved to a minute past the start of their next day under the config's day rule,
 * in their zone (UTC before their first session). Null when that would be beyond a year from the server's clock.
 * Presses at the same moment are applied in order (decision 057): the tester's row is locked, its offset read
 * and moved on in one transaction, so five presses at once move the clock five days, one after the other.
 */
export async function advanceToNextDay(
  db: Db,
  tester: TestPlayerRow,
  dayStart: DayStartSetting,
  serverNow: number,
): Promise<TestPlayerRow | null> {
  const known = await runtimePlayer(db, tester.gameId, tester.playerId);
  const timeZone = known?.timeZone ?? 'UTC';
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(testPlayer).where(eq(testPlayer.id, tester.id)).for('update');
    if (!current) return null;
    const offset = nextDayOffset(serverNow, current.clockOffsetMs, dayStart, timeZone);
    if (Math.abs(offset) > TEST_PLAYER_OFFSET_MAX_MS) return null;
    const [row] = await tx
      .update(testPlayer)
      .set({ clockOffsetMs: offset, updatedAt: new Date(serverNow) })
      .where(eq(testPlayer.id, current.id))
      .returning();
    return row ?? null;
  });
}

/**
 * "Reset progress": a 'reset' row for the config, taking the next seq exactly as a claim would (so it races safely
 * with the tester's claims through the unique (player, config, seq): whichever commits second is decided again),
 * granting nothing. The rules then read the tester as having claimed nothing (resetClaimFields). False when the
 * game has not signed the tester in yet: there is nothing to reset.
 */
export async function resetProgress(
  db: Db,
  tester: TestPlayerRow,
  configId: string,
  dayStart: DayStartSetting,
  serverNow: number,
): Promise<boolean> {
  const known = await runtimePlayer(db, tester.gameId, tester.playerId);
  if (!known) return false;
  const fields = resetClaimFields(serverNow + tester.clockOffsetMs, dayStart, known.timeZone);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeProgress(db, {
        playerRef: known.ref,
        configId,
        seq: 'next',
        kind: 'reset',
        ...fields,
        idempotencyKey: `reset:${randomUUID()}`,
        now: serverNow,
      });
      return true;
    } catch (error) {
      // A claim of the tester took that seq meanwhile: the reset goes after it.
      if (databaseErrorCode(error) !== '23505' || attempt >= 4) throw error;
    }
  }
}
