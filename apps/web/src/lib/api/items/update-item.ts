import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ItemSchema, type ItemInput } from '@liveops/domain/inventory';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

export function updateItem(gameId: string, itemId: string, input: ItemInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].items[':itemId'], { gameId, itemId }), {
    method: 'PATCH',
    body: input,
  }).then((body) => ItemSchema.parse(body));
}

export function useUpdateItem(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, input }: { itemId: string; input: ItemInput }) => updateItem(gameId, itemId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.game(gameId) }),
  });
}
