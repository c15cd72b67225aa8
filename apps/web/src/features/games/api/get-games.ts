import { queryOptions, useQuery } from '@tanstack/react-query';
import { GameSchema } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';

export const gamesQueryOptions = queryOptions({
  queryKey: gamesQueryKeys.list(),
  queryFn: async ({ signal }) => GameSchema.array().parse(await apiFetch('/api/games', { signal })),
});

export function useGames() {
  return useQuery(gamesQueryOptions);
}
