import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssetSchema, type AssetFields } from '@liveops/domain/assets';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function uploadAsset(gameId: string, input: AssetFields & { file: File }) {
  const form = new FormData();
  form.set('name', input.name);
  form.set('assetId', input.assetId);
  form.set('file', input.file);
  return apiFetch(apiPath(apiRoutes.games[':gameId'].assets, { gameId }), { body: form }).then((b) =>
    AssetSchema.parse(b),
  );
}

export function useUploadAsset(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssetFields & { file: File }) => uploadAsset(gameId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.assets.list(gameId) }),
  });
}
