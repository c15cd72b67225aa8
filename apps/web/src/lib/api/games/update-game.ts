import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema, type GameTheme, type Orientation } from '@liveops/domain';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

type Update = { field: 'orientation'; value: Orientation } | { field: 'theme'; value: GameTheme };

/** PATCH /api/games/:id/orientation or /theme; the answer is the stored game. */
export function updateGame(id: string, update: Update) {
  return apiFetch(`/api/games/${encodeURIComponent(id)}/${update.field}`, {
    method: 'PATCH',
    body: { [update.field]: update.value },
  }).then((body) => GameSchema.parse(body));
}

export function useUpdateGame(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Update) => updateGame(id, update),
    onSuccess: (game) => {
      queryClient.setQueryData(queryKeys.games.detail(id), game);
      return queryClient.invalidateQueries({ queryKey: queryKeys.games.list() });
    },
  });
}
