import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TestPlayerSchema, type CreateTestPlayerInput } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** POST /api/games/:gameId/test-players: a player id of the game, with its clock offset and a note. */
export function createTestPlayer(gameId: string, input: CreateTestPlayerInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['test-players'], { gameId }), { body: input }).then((body) =>
    TestPlayerSchema.parse(body),
  );
}

export function useCreateTestPlayer(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTestPlayerInput) => createTestPlayer(gameId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
  });
}
