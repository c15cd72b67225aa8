import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { assetsQueryKeys } from '../../../lib/game-assets';

export function deleteAsset(gameId: string, assetId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/assets/${encodeURIComponent(assetId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteAsset(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: string) => deleteAsset(gameId, assetId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsQueryKeys.list(gameId) }),
  });
}
