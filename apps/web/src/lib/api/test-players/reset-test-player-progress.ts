import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TestPlayerResetSchema } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * POST …/test-players/:testPlayerId/reset: the tester's progress of one daily reward starts over (their next claim
 * is day 1 with streak 1); nothing they were granted is taken back (decision 040).
 */
export function resetTestPlayerProgress(gameId: string, testPlayerId: string, configId: string) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['test-players'][':testPlayerId'].reset, { gameId, testPlayerId }),
    {
      body: { configId },
    },
  ).then((body) => TestPlayerResetSchema.parse(body));
}

export function useResetTestPlayerProgress(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testPlayerId, configId }: { testPlayerId: string; configId: string }) =>
      resetTestPlayerProgress(gameId, testPlayerId, configId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
  });
}
