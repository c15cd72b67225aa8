import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** DELETE /api/games/:id with the game's name typed as confirmation: the game and everything of it. */
export function deleteGame(id: string, confirmation: string) {
  return apiFetch(apiPath(apiRoutes.games[':id'], { id }), { method: 'DELETE', body: { confirmation } });
}

export function useDeleteGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }) => deleteGame(id, confirmation),
    onSuccess: (_answer, { id }) => {
      // The game is gone: an open page of it shows "Game not found." at once instead of refetching into a 404.
      queryClient.setQueryData(queryKeys.games.detail(id), null);
      return queryClient.invalidateQueries({ queryKey: queryKeys.games.list() });
    },
  });
}
