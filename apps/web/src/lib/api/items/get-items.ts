import { queryOptions, useQuery } from '@tanstack/react-query';
import { ItemSchema } from '@liveops/domain/inventory';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's items. */
export function getItems(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].items, { gameId }), { signal }).then((body) =>
    ItemSchema.array().parse(body),
  );
}

export function itemsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.inventory.items(gameId),
    queryFn: ({ signal }) => getItems(gameId, signal),
  });
}

export function useItems(gameId: string) {
  return useQuery(itemsQueryOptions(gameId));
}
