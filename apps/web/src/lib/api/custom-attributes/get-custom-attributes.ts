import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomAttributeDeclarationsSchema } from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's custom player attributes: what its segments may use beside the built-in fields (decision 039). */
export function getCustomAttributes(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['custom-attributes'], { gameId }), { signal }).then(
    (body) => CustomAttributeDeclarationsSchema.parse(body).customAttributes,
  );
}

export function customAttributesQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.segments.customAttributes(gameId),
    queryFn: ({ signal }) => getCustomAttributes(gameId, signal),
  });
}

export function useCustomAttributes(gameId: string) {
  return useQuery(customAttributesQueryOptions(gameId));
}
