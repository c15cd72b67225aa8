import { queryOptions, useQuery } from '@tanstack/react-query';
import { PackSchema } from '@liveops/domain/inventory';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's packs. */
export function getPacks(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].packs, { gameId }), { signal }).then((body) =>
    PackSchema.array().parse(body),
  );
}

export function packsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.inventory.packs(gameId),
    queryFn: ({ signal }) => getPacks(gameId, signal),
  });
}

export function usePacks(gameId: string) {
  return useQuery(packsQueryOptions(gameId));
}
