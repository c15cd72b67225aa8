import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIENCE_REFRESH_MS, SegmentAudienceSchema } from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** GET /api/games/:gameId/segments/audience: each segment's players, of those seen in the window (decision 054). */
export function getSegmentAudience(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].segments.audience, { gameId }), { signal }).then((body) =>
    SegmentAudienceSchema.parse(body),
  );
}

export function segmentAudienceQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.segments.audience(gameId),
    queryFn: ({ signal }) => getSegmentAudience(gameId, signal),
    // The server counts again at this pace; asking more often would read the same figures.
    refetchInterval: AUDIENCE_REFRESH_MS,
  });
}

export function useSegmentAudience(gameId: string) {
  return useQuery(segmentAudienceQueryOptions(gameId));
}
