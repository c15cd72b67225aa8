import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function deleteSegment(gameId: string, segmentId: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].segments[':segmentId'], { gameId, segmentId }), {
    method: 'DELETE',
  });
}

export function useDeleteSegment(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segmentId: string) => deleteSegment(gameId, segmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segments.list(gameId) }),
  });
}
