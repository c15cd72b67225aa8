import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema } from '@liveops/domain/daily-rewards';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';
import { invalidateExperiment } from './invalidate-experiment';

/** Ends the running experiment with a winner: its layout becomes the config's own (a new layoutVersion). */
export function promoteExperimentVariant(gameId: string, dailyRewardId: string, variantId: string) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'].experiment.promote, {
      gameId,
      dailyRewardId,
    }),
    { method: 'POST', body: { variantId } },
  ).then((body) => DailyRewardSchema.parse(body));
}

export function usePromoteExperimentVariant(gameId: string, dailyRewardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantId: string) => promoteExperimentVariant(gameId, dailyRewardId, variantId),
    onSuccess: () => invalidateExperiment(queryClient, gameId, dailyRewardId),
  });
}
