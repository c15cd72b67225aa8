import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperimentSchema, type ExperimentVariant } from '@liveops/domain';
import { apiFetch } from '../../api-client';
import { experimentPath } from './config-experiment';
import { invalidateExperiment } from './invalidate-experiment';

/**
 * Renames, reweights or adds variants of the running experiment. A variant left out is refused with 409
 * VARIANT_LIVE: players are assigned to it.
 */
export function updateExperiment(gameId: string, dailyRewardId: string, variants: ExperimentVariant[]) {
  return apiFetch(experimentPath(gameId, dailyRewardId), { method: 'PATCH', body: { variants } }).then((body) =>
    ExperimentSchema.parse(body),
  );
}

export function useUpdateExperiment(gameId: string, dailyRewardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variants: ExperimentVariant[]) => updateExperiment(gameId, dailyRewardId, variants),
    onSuccess: () => invalidateExperiment(queryClient, gameId, dailyRewardId),
  });
}
