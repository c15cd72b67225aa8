import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { segmentsQueryKeys } from './segments-query-keys';

export function deleteSegment(gameId: string, segmentId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/segments/${encodeURIComponent(segmentId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteSegment(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segmentId: string) => deleteSegment(gameId, segmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentsQueryKeys.list(gameId) }),
  });
}
