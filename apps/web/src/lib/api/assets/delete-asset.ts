import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

export function deleteAsset(gameId: string, assetId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/assets/${encodeURIComponent(assetId)}`, {
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
