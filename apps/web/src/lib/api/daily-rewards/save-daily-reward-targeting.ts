import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema, type DailyReward, type DailyRewardTargetingInput } from '@liveops/domain';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

/** Saves a config's whole targeting: its segment (null = every player), start, end and priority. */
export function saveDailyRewardTargeting(gameId: string, dailyRewardId: string, input: DailyRewardTargetingInput) {
  return apiFetch(
    `/api/games/${encodeURIComponent(gameId)}/daily-rewards/${encodeURIComponent(dailyRewardId)}/targeting`,
    { method: 'PUT', body: input },
  ).then((body) => DailyRewardSchema.parse(body));
}

export function useSaveDailyRewardTargeting(gameId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.dailyRewards.list(gameId);
  return useMutation({
    mutationFn: ({ dailyRewardId, input }: { dailyRewardId: string; input: DailyRewardTargetingInput }) =>
      saveDailyRewardTargeting(gameId, dailyRewardId, input),
    onSuccess: (updated) => {
      // The stored config is the answer at once: the form compares its values with it.
      queryClient.setQueryData<DailyReward[]>(key, (list) =>
        list?.map((entry) => (entry.id === updated.id ? updated : entry)),
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
