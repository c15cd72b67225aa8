import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

/** POST /api/games/:id/sdk-key: a new SDK key for the game (the old one stops working); the answer is the game. */
export function regenerateSdkKey(id: string) {
  return apiFetch(`/api/games/${encodeURIComponent(id)}/sdk-key`, { method: 'POST' }).then((body) =>
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
