import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackSchema, type PackInput } from '@liveops/domain/inventory';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function createPack(gameId: string, input: PackInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].packs, { gameId }), { body: input }).then((body) =>
    PackSchema.parse(body),
  );
}

export function useCreatePack(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PackInput) => createPack(gameId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.game(gameId) }),
  });
}
