import { queryOptions, useQuery } from '@tanstack/react-query';
import { GameSchema } from '@liveops/domain';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';

/** One game; null when it does not exist or is not the signed-in owner's (the server answers both alike). */
export function gameQueryOptions(id: string) {
  return queryOptions({
    queryKey: gamesQueryKeys.detail(id),
    queryFn: async ({ signal }) => {
      try {
        return GameSchema.parse(await apiFetch(`/api/games/${encodeURIComponent(id)}`, { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useGame(id: string) {
  return useQuery(gameQueryOptions(id));
}
