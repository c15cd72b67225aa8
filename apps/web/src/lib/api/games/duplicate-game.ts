import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema, type DuplicateGameInput } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** POST /api/games/:id/duplicate: a staging copy of the game (its records and images, not its releases). */
export function duplicateGame(id: string, input: DuplicateGameInput = {}) {
  return apiFetch(apiPath(apiRoutes.games[':id'].duplicate, { id }), { body: input }).then((body) =>
    GameSchema.parse(body),
  );
}

export function useDuplicateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input?: DuplicateGameInput }) => duplicateGame(id, input),
    onSuccess: (game) => {
      queryClient.setQueryData(queryKeys.games.detail(game.id), game);
      return queryClient.invalidateQueries({ queryKey: queryKeys.games.list() });
    },
  });
}
