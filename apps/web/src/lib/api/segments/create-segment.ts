import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SegmentSchema, type CreateSegmentInput } from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function createSegment(gameId: string, input: CreateSegmentInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].segments, { gameId }), { body: input }).then((b) =>
    SegmentSchema.parse(b),
  );
}

export function useCreateSegment(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSegmentInput) => createSegment(gameId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segments.list(gameId) }),
  });
}
