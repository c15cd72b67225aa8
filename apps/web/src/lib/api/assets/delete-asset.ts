import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function deleteAsset(gameId: string, assetId: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].assets[':assetId'], { gameId, assetId }), {
    method: 'DELETE',
  });
}

export function useDeleteAsset(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: string) => deleteAsset(gameId, assetId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.assets.list(gameId) }),
  });
}
