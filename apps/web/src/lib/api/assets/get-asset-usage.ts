import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssetUsageSchema } from '@liveops/domain/assets';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** The items, packs and daily-reward layouts that use an asset. */
export function getAssetUsage(gameId: string, assetId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].assets[':assetId']['used-by'], { gameId, assetId }), {
    signal,
  }).then((body) => AssetUsageSchema.parse(body));
}

export function assetUsageQueryOptions(gameId: string, assetId: string) {
  return queryOptions({
    queryKey: queryKeys.assets.usage(gameId, assetId),
    queryFn: ({ signal }) => getAssetUsage(gameId, assetId, signal),
  });
}

export function useAssetUsage(gameId: string, assetId: string, enabled = true) {
  return useQuery({ ...assetUsageQueryOptions(gameId, assetId), enabled });
}
