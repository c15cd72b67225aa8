import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssetSchema } from '@liveops/domain';
import { apiFetch } from './api-client';

/**
 * A game's assets, shared by the Assets tab and every picker that offers an asset as an image. Keys start with
 * the live topic, so an assets event refreshes them all.
 */
export const assetsQueryKeys = {
  all: ['assets'] as const,
  list: (gameId: string) => ['assets', gameId] as const,
};

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
