import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';
import { invalidateExperiment } from './invalidate-experiment';

/** Ends the running experiment without promoting a variant: the config keeps its own layout. */
export function endExperiment(gameId: string, dailyRewardId: string) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'].experiment, { gameId, dailyRewardId }),
    { method: 'DELETE' },
  ).then((body) => DailyRewardSchema.parse(body));
}

export function useEndExperiment(gameId: string, dailyRewardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endExperiment(gameId, dailyRewardId),
    onSuccess: () => invalidateExperiment(queryClient, gameId, dailyRewardId),
  });
}
