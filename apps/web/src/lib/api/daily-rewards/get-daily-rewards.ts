import { queryOptions, useQuery } from '@tanstack/react-query';
import { DailyRewardSchema } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

/** A game's daily reward configs, oldest first. */
export function getDailyRewards(gameId: string, signal?: AbortSignal) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/daily-rewards`, { signal }).then((body) =>
    DailyRewardSchema.array().parse(body),
  );
}

export function dailyRewardsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.dailyRewards.list(gameId),
    queryFn: ({ signal }) => getDailyRewards(gameId, signal),
  });
}

export function useDailyRewards(gameId: string) {
  return useQuery(dailyRewardsQueryOptions(gameId));
}
