import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssetSchema } from '@liveops/domain/assets';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's assets: the Assets tab's list, and every picker that offers an asset as an image. */
export function getAssets(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].assets, { gameId }), { signal }).then((body) =>
    AssetSchema.array().parse(body),
  );
}

export function assetsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.assets.list(gameId),
    queryFn: ({ signal }) => getAssets(gameId, signal),
  });
}

export function useAssets(gameId: string) {
  return useQuery(assetsQueryOptions(gameId));
}
