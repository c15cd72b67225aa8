import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

export function deleteItem(gameId: string, itemId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/items/${encodeURIComponent(itemId)}`, {
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
