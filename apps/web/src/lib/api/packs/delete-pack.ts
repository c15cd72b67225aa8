import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function deletePack(gameId: string, packId: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].packs[':packId'], { gameId, packId }), {
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
