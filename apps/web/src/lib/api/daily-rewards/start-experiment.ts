import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperimentSchema, type ExperimentVariant } from '@liveops/domain/experiments';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';
import { invalidateExperiment } from './invalidate-experiment';

/** Starts an experiment of the config's popup: 409 EXPERIMENT_RUNNING when one runs already. */
export function startExperiment(gameId: string, dailyRewardId: string, variants: ExperimentVariant[]) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'].experiment, { gameId, dailyRewardId }),
    { method: 'POST', body: { variants } },
  ).then((body) => ExperimentSchema.parse(body));
}

export function useStartExperiment(gameId: string, dailyRewardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variants: ExperimentVariant[]) => startExperiment(gameId, dailyRewardId, variants),
    onSuccess: () => invalidateExperiment(queryClient, gameId, dailyRewardId),
  });
}
