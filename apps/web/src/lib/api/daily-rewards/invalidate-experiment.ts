import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { dailyRewardQueryKey } from './get-daily-reward';

/**
 * After an experiment changed: the game's configs (the list, and under it the Analytics tab's figures) and the
 * config's own detail (the UI editor's) are read again.
 */
export function invalidateExperiment(queryClient: QueryClient, gameId: string, dailyRewardId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.dailyRewards.list(gameId) }),
    queryClient.invalidateQueries({ queryKey: dailyRewardQueryKey(dailyRewardId) }),
  ]);
}
