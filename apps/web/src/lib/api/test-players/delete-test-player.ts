import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** DELETE /api/games/:gameId/test-players/:testPlayerId: the player id goes back to the server's clock. */
export function deleteTestPlayer(gameId: string, testPlayerId: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['test-players'][':testPlayerId'], { gameId, testPlayerId }), {
    method: 'DELETE',
  });
}

export function useDeleteTestPlayer(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testPlayerId: string) => deleteTestPlayer(gameId, testPlayerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
  });
}
