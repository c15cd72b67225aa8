import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

export function deletePack(gameId: string, packId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/packs/${encodeURIComponent(packId)}`, {
    method: 'DELETE',
  });
}

export function useDeletePack(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => deletePack(gameId, packId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.game(gameId) }),
  });
}
