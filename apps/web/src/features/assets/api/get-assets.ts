import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssetSchema } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { assetsQueryKeys } from './assets-query-keys';

export function assetsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: assetsQueryKeys.list(gameId),
    queryFn: async ({ signal }) =>
      AssetSchema.array().parse(await apiFetch(`/api/games/${encodeURIComponent(gameId)}/assets`, { signal })),
  });
}

export function useAssets(gameId: string) {
  return useQuery(assetsQueryOptions(gameId));
}
