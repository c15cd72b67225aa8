import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema, type CreateDailyRewardInput, type DailyReward } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A new config; without a name the server picks "Daily Reward N". */
export function createDailyReward(gameId: string, input: CreateDailyRewardInput = {}) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['daily-rewards'], { gameId }), { body: input }).then((body) =>
    DailyRewardSchema.parse(body),
  );
}

export function useCreateDailyReward(gameId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.dailyRewards.list(gameId);
  return useMutation({
    mutationFn: (input: CreateDailyRewardInput = {}) => createDailyReward(gameId, input),
    onSuccess: (created) => {
      // In the list at once, so the page can select it before the refetch answers.
      queryClient.setQueryData<DailyReward[]>(key, (list) =>
        list && !list.some((entry) => entry.id === created.id) ? [...list, created] : list,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
