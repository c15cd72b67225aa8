import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperimentSchema } from '@liveops/domain/experiments';
import { LAYOUT_SAVE_TIMEOUT_MS } from '@liveops/domain/layout';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';
import { invalidateExperiment } from './invalidate-experiment';
import type { SaveDailyRewardLayoutInput } from './save-daily-reward-layout';

/**
 * Writes one variant's layout of the running experiment, with the same conflict rule as the config's own
 * (409 LAYOUT_CONFLICT for a stale baseVersion); answers the variant's new layoutVersion.
 */
export function saveExperimentVariantLayout(
  gameId: string,
  dailyRewardId: string,
  variantId: string,
  input: SaveDailyRewardLayoutInput,
) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'].experiment.variants[':variantId'].layout, {
      gameId,
      dailyRewardId,
      variantId,
    }),
    {
      method: 'PUT',
      body: input,
      timeoutMs: LAYOUT_SAVE_TIMEOUT_MS,
    },
  ).then((body) => {
    const variant = ExperimentSchema.parse(body).variants.find((entry) => entry.id === variantId);
    if (!variant) throw new Error('The experiment no longer has this variant.');
    return { layoutVersion: variant.layoutVersion };
  });
}

export function useSaveExperimentVariantLayout(gameId: string, dailyRewardId: string, variantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDailyRewardLayoutInput) =>
      saveExperimentVariantLayout(gameId, dailyRewardId, variantId, input),
    // Over when the server answers, as a config's own layout save is (decision 058).
    onSuccess: () => void invalidateExperiment(queryClient, gameId, dailyRewardId),
  });
}
