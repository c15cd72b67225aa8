import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** POST /api/games/:id/sdk-key: a new SDK key for the game (the old one stops working); the answer is the game. */
export function regenerateSdkKey(id: string) {
  return apiFetch(apiPath(apiRoutes.games[':id']['sdk-key'], { id }), { method: 'POST' }).then((body) =>
    GameSchema.parse(body),
  );
}

export function useRegenerateSdkKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateSdkKey(id),
    onSuccess: (game) => {
      queryClient.setQueryData(queryKeys.games.detail(id), game);
      return queryClient.invalidateQueries({ queryKey: queryKeys.games.list() });
    },
  });
}
