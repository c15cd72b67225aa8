import { queryOptions, useQuery } from '@tanstack/react-query';
import { DailyRewardSchema } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { topicKey } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * One daily reward config of the signed-in owner, by its id alone (the UI editor's address names no game).
 * Another owner's config answers 404 "Daily reward not found." like a missing one.
 */
export function getDailyReward(dailyRewardId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes['daily-rewards'][':dailyRewardId'], { dailyRewardId }), { signal }).then((body) =>
    DailyRewardSchema.parse(body),
  );
}

/** Under the dailyRewards topic, so a save from another tab refetches it. */
export function dailyRewardQueryKey(dailyRewardId: string) {
  return topicKey('dailyRewards', 'detail', dailyRewardId);
}

export function dailyRewardQueryOptions(dailyRewardId: string) {
  return queryOptions({
    queryKey: dailyRewardQueryKey(dailyRewardId),
    queryFn: ({ signal }) => getDailyReward(dailyRewardId, signal),
  });
}

export function useDailyReward(dailyRewardId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...dailyRewardQueryOptions(dailyRewardId), ...options });
}
