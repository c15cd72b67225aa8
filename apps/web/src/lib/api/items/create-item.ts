import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ItemSchema, type ItemInput } from '@liveops/domain/inventory';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function createItem(gameId: string, input: ItemInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].items, { gameId }), { body: input }).then((body) =>
    ItemSchema.parse(body),
  );
}

export function useCreateItem(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemInput) => createItem(gameId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.game(gameId) }),
  });
}
