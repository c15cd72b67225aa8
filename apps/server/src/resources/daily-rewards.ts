import { and, asc, eq, sql } from 'drizzle-orm';
import { DAILY_REWARD_CYCLE_DAYS, type DailyReward } from '@liveops/domain';
import type { Db } from '../db/database';
import { dailyReward } from '../db/schema';
import type { GameScope } from '../lib/game-scope';

export type DailyRewardRow = typeof dailyReward.$inferSelect;

/** A daily reward config as the API shows it. */
export function presentDailyReward(row: DailyRewardRow): DailyReward {
  return {
    ...row,
    cycleDays: DAILY_REWARD_CYCLE_DAYS,
    uiLayout: row.uiLayout ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The daily reward configs of a game, oldest first (the first one is selected when the tab opens). */
export async function listDailyRewards(db: Db, scope: GameScope): Promise<DailyReward[]> {
  const rows = await db
    .select()
    .from(dailyReward)
    .where(and(eq(dailyReward.gameId, scope.gameId), eq(dailyReward.ownerId, scope.ownerId)))
    .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id));
  return rows.map(presentDailyReward);
}

/** Configs of a game that give a pack on some day: a condition on daily_reward rows. */
export const givesPack = (packId: string) => sql`${dailyReward.rewards} @> ${JSON.stringify([{ packId }])}::jsonb`;
