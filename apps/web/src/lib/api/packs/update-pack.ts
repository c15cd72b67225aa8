import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackSchema, type PackInput } from '@liveops/domain/inventory';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function updatePack(gameId: string, packId: string, input: PackInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].packs[':packId'], { gameId, packId }), {
    method: 'PATCH',
    body: input,
  }).then((body) => PackSchema.parse(body));
}

export function useUpdatePack(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packId, input }: { packId: string; input: PackInput }) => updatePack(gameId, packId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.game(gameId) }),
  });
}
