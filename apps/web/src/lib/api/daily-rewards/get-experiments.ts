import { useQuery } from '@tanstack/react-query';
import { ExperimentHistorySchema } from '@liveops/domain/experiments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { experimentPath } from './config-experiment';

/** GET …/daily-rewards/:dailyRewardId/experiments: the config's experiments, running or ended, newest first. */
export function getExperiments(gameId: string, dailyRewardId: string, signal?: AbortSignal) {
  // experimentPath ends in /experiment; the history is the plural beside it.
  return apiFetch(`${experimentPath(gameId, dailyRewardId)}s`, { signal }).then(
    (body) => ExperimentHistorySchema.parse(body).experiments,
  );
}

/** The config's experiments; nothing is asked while no config is chosen (''). */
export function useExperiments(gameId: string, dailyRewardId: string) {
  return useQuery({
    queryKey: queryKeys.dailyRewards.experiments(gameId, dailyRewardId),
    queryFn: ({ signal }) => getExperiments(gameId, dailyRewardId, signal),
    enabled: dailyRewardId !== '',
  });
}
