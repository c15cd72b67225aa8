import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema, type DailyReward, type UpdateDailyRewardInput } from '@liveops/domain';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

/** Renames a config, or saves its 7 days (rewards with cycleDays), or both. */
export function updateDailyReward(gameId: string, dailyRewardId: string, input: UpdateDailyRewardInput) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/daily-rewards/${encodeURIComponent(dailyRewardId)}`, {
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
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
