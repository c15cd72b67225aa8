import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TestPlayerResetSchema } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

/**
 * POST …/test-players/:testPlayerId/reset: the tester's progress of one daily reward starts over (their next claim
 * is day 1 with streak 1); nothing they were granted is taken back (decision 040).
 */
export function resetTestPlayerProgress(gameId: string, testPlayerId: string, configId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/test-players/${encodeURIComponent(testPlayerId)}/reset`, {
    body: { configId },
  }).then((body) => TestPlayerResetSchema.parse(body));
}

export function useResetTestPlayerProgress(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testPlayerId, configId }: { testPlayerId: string; configId: string }) =>
      resetTestPlayerProgress(gameId, testPlayerId, configId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
  });
}
