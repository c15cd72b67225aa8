import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssetSchema, type RenameAssetInput } from '@liveops/domain/assets';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** Renames an asset: its ID and file stay. */
export function renameAsset(gameId: string, assetId: string, input: RenameAssetInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].assets[':assetId'], { gameId, assetId }), {
    method: 'PATCH',
    body: input,
  }).then((body) => AssetSchema.parse(body));
}

export function useRenameAsset(gameId: string, assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenameAssetInput) => renameAsset(gameId, assetId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.assets.list(gameId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory.items(gameId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory.packs(gameId) }),
      ]),
  });
}
