import { queryOptions, useQuery } from '@tanstack/react-query';
import { SegmentSchema } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { segmentsQueryKeys } from './segments-query-keys';

export function segmentsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: segmentsQueryKeys.list(gameId),
    queryFn: async ({ signal }) =>
      SegmentSchema.array().parse(await apiFetch(`/api/games/${encodeURIComponent(gameId)}/segments`, { signal })),
  });
}

export function useSegments(gameId: string) {
  return useQuery(segmentsQueryOptions(gameId));
}
