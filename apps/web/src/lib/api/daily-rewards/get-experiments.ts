import { useQuery } from '@tanstack/react-query';
import { ExperimentHistorySchema } from '@liveops/domain/experiments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** GET …/daily-rewards/:dailyRewardId/experiments: the config's experiments, running or ended, newest first. */
export function getExperiments(gameId: string, dailyRewardId: string, signal?: AbortSignal) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'].experiments, { gameId, dailyRewardId }),
    { signal },
  ).then((body) => ExperimentHistorySchema.parse(body).experiments);
}

/** The config's experiments; nothing is asked while no config is chosen (''). */
export function useExperiments(gameId: string, dailyRewardId: string) {
  return useQuery({
    queryKey: queryKeys.dailyRewards.experiments(gameId, dailyRewardId),
    queryFn: ({ signal }) => getExperiments(gameId, dailyRewardId, signal),
    enabled: dailyRewardId !== '',
  });
}
