import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema, type DailyReward, type UpdateDailyRewardInput } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { invalidateExperiment } from './invalidate-experiment';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * Renames a config, or saves what changed of its 7 days (rewards with cycleDays), day rules, targeting and running
 * experiment's variants: the Daily Rewards panel's one save, stored in one transaction (decision 055).
 */
export function updateDailyReward(gameId: string, dailyRewardId: string, input: UpdateDailyRewardInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'], { gameId, dailyRewardId }), {
    method: 'PATCH',
    body: input,
  }).then((body) => DailyRewardSchema.parse(body));
}

export function useUpdateDailyReward(gameId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.dailyRewards.list(gameId);
  return useMutation({
    mutationFn: ({ dailyRewardId, input }: { dailyRewardId: string; input: UpdateDailyRewardInput }) =>
      updateDailyReward(gameId, dailyRewardId, input),
    onSuccess: (updated) => {
      // The stored config is the answer at once: the editor compares its draft with it.
      queryClient.setQueryData<DailyReward[]>(key, (list) =>
        list?.map((entry) => (entry.id === updated.id ? updated : entry)),
      );
      // The variants may have changed: the UI editor's detail of the config is read again too.
      return invalidateExperiment(queryClient, gameId, updated.id);
    },
  });
}
