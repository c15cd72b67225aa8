import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Experiment } from '@liveops/domain/experiments';

/** The config's running experiment (issue 23 item 4, decision 046), or null: a config read before experiments has none. */
export function configExperiment(config: DailyReward): Experiment | null {
  return config.experiment ?? null;
}

/** `/api/games/:gameId/daily-rewards/:dailyRewardId/experiment`, and under it. */
export function experimentPath(gameId: string, dailyRewardId: string, rest = ''): string {
  return `/api/games/${encodeURIComponent(gameId)}/daily-rewards/${encodeURIComponent(dailyRewardId)}/experiment${rest}`;
}
