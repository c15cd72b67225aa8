import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TestPlayerSchema, type UpdateTestPlayerInput } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** PATCH /api/games/:gameId/test-players/:testPlayerId: its player id, clock offset or note. */
export function updateTestPlayer(gameId: string, testPlayerId: string, input: UpdateTestPlayerInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['test-players'][':testPlayerId'], { gameId, testPlayerId }), {
    method: 'PATCH',
    body: input,
  }).then((body) => TestPlayerSchema.parse(body));
}

export function useUpdateTestPlayer(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testPlayerId, input }: { testPlayerId: string; input: UpdateTestPlayerInput }) =>
      updateTestPlayer(gameId, testPlayerId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
  });
}
