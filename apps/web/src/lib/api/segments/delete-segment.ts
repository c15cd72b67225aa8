import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';

export function deleteSegment(gameId: string, segmentId: string) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/segments/${encodeURIComponent(segmentId)}`, {
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
