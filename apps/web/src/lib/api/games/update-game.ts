import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema, type UpdateGameInput } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * PATCH /api/games/:id: any of the game's details, orientation, theme and signed player ids switch, stored together
 * (Game Profile's one save, decision 055); the answer is the stored game.
 */
export function updateGame(id: string, input: UpdateGameInput) {
  return apiFetch(apiPath(apiRoutes.games[':id'], { id }), { method: 'PATCH', body: input }).then((body) =>
    GameSchema.parse(body),
  );
}

export function useUpdateGame(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateGameInput) => updateGame(id, input),
    onSuccess: (game) => {
      queryClient.setQueryData(queryKeys.games.detail(id), game);
      return queryClient.invalidateQueries({ queryKey: queryKeys.games.list() });
    },
  });
}
