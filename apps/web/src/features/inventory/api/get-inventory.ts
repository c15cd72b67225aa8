import { useQuery } from '@tanstack/react-query';
import { ItemSchema, PackSchema } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

export function useItems(gameId: string) {
  return useQuery({
    queryKey: inventoryQueryKeys.items(gameId),
    queryFn: async ({ signal }) =>
      ItemSchema.array().parse(await apiFetch(`/api/games/${encodeURIComponent(gameId)}/items`, { signal })),
  });
}

export function usePacks(gameId: string) {
  return useQuery({
    queryKey: inventoryQueryKeys.packs(gameId),
    queryFn: async ({ signal }) =>
      PackSchema.array().parse(await apiFetch(`/api/games/${encodeURIComponent(gameId)}/packs`, { signal })),
  });
}
