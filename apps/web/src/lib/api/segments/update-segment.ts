import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SegmentSchema, type UpdateSegmentInput } from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** PATCH /api/games/:gameId/segments/:segmentId: name, description and expression, checked as on creation. */
export function updateSegment(gameId: string, segmentId: string, input: UpdateSegmentInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].segments[':segmentId'], { gameId, segmentId }), {
    method: 'PATCH',
    body: input,
  }).then((body) => SegmentSchema.parse(body));
}

export function useUpdateSegment(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ segmentId, input }: { segmentId: string; input: UpdateSegmentInput }) =>
      updateSegment(gameId, segmentId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segments.list(gameId) }),
  });
}
