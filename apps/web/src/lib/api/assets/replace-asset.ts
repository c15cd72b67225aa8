import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssetSchema } from '@liveops/domain/assets';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** Replaces an asset's file: the same asset ID (and name) with new bytes, under a new URL. */
export function replaceAsset(gameId: string, assetId: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiFetch(apiPath(apiRoutes.games[':gameId'].assets[':assetId'].file, { gameId, assetId }), {
    method: 'PUT',
    body: form,
  }).then((body) => AssetSchema.parse(body));
}

export function useReplaceAsset(gameId: string, assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => replaceAsset(gameId, assetId, file),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.assets.list(gameId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory.items(gameId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory.packs(gameId) }),
      ]),
  });
}
