import { queryOptions, useQuery } from '@tanstack/react-query';
import { DailyRewardSchema } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's daily reward configs, oldest first. */
export function getDailyRewards(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['daily-rewards'], { gameId }), { signal }).then((body) =>
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
