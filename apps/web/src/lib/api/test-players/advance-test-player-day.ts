import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TestPlayerClockSchema } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * POST …/test-players/:testPlayerId/next-day: the tester's clock moved to a minute past the start of their next
 * day under the config's day rule (decision 040).
 */
export function advanceTestPlayerDay(gameId: string, testPlayerId: string, configId: string) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['test-players'][':testPlayerId']['next-day'], { gameId, testPlayerId }),
    { body: { configId } },
  ).then((body) => TestPlayerClockSchema.parse(body));
}

export function useAdvanceTestPlayerDay(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testPlayerId, configId }: { testPlayerId: string; configId: string }) =>
      advanceTestPlayerDay(gameId, testPlayerId, configId),
    // The list (the new offset) and the tester's state on the runtime (their new day).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
  });
}
