import { queryOptions, useQuery } from '@tanstack/react-query';
import { SegmentSchema } from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's player segments. */
export function getSegments(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].segments, { gameId }), { signal }).then((body) =>
    SegmentSchema.array().parse(body),
  );
}

export function segmentsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.segments.list(gameId),
    queryFn: ({ signal }) => getSegments(gameId, signal),
  });
}

export function useSegments(gameId: string) {
  return useQuery(segmentsQueryOptions(gameId));
}
