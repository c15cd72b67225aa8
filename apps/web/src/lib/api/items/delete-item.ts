import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function deleteItem(gameId: string, itemId: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].items[':itemId'], { gameId, itemId }), {
    method: 'DELETE',
  });
}

export function useDeleteItem(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => deleteItem(gameId, itemId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.game(gameId) }),
  });
}
