import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ItemSchema, PackSchema, type ItemInput, type PackInput } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

type Kind = 'items' | 'packs';
const base = (gameId: string, kind: Kind) => `/api/games/${encodeURIComponent(gameId)}/${kind}`;

/** Create (no id) or edit (id) an item or a pack; either way the game's inventory is refetched. */
function useSave<I, O>(gameId: string, kind: Kind, parse: (body: unknown) => O) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: I }) =>
      apiFetch(id ? `${base(gameId, kind)}/${encodeURIComponent(id)}` : base(gameId, kind), {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }).then(parse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.game(gameId) }),
  });
}

export const useSaveItem = (gameId: string) =>
  useSave<ItemInput, ReturnType<typeof ItemSchema.parse>>(gameId, 'items', (b) => ItemSchema.parse(b));
export const useSavePack = (gameId: string) =>
  useSave<PackInput, ReturnType<typeof PackSchema.parse>>(gameId, 'packs', (b) => PackSchema.parse(b));

export function useDeleteInventory(gameId: string, kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${base(gameId, kind)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.game(gameId) }),
  });
}
