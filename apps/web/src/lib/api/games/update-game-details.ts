import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema, type UpdateGameInput } from '@liveops/domain';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

/** PATCH /api/games/:id: the game's name, description and platforms; the answer is the stored game. */
export function updateGameDetails(id: string, input: UpdateGameInput) {
  return apiFetch(`/api/games/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }).then((body) =>
    GameSchema.parse(body),
  );
}

export function useUpdateGameDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateGameInput) => updateGameDetails(id, input),
    onSuccess: (game) => {
      queryClient.setQueryData(queryKeys.games.detail(id), game);
      return queryClient.invalidateQueries({ queryKey: queryKeys.games.list() });
    },
  });
}
