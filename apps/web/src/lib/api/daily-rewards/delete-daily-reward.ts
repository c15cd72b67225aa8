import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function deleteDailyReward(gameId: string, dailyRewardId: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'], { gameId, dailyRewardId }), {
    method: 'DELETE',
  });
}

export function useDeleteDailyReward(gameId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.dailyRewards.list(gameId);
  return useMutation({
    mutationFn: (dailyRewardId: string) => deleteDailyReward(gameId, dailyRewardId),
    onSuccess: (_, dailyRewardId) => {
      queryClient.setQueryData<DailyReward[]>(key, (list) => list?.filter((entry) => entry.id !== dailyRewardId));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
