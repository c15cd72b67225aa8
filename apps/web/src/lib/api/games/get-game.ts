import { queryOptions, useQuery } from '@tanstack/react-query';
import { GameSchema } from '@liveops/domain/games';
import { ApiError, apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** One game; null when it does not exist or is not the signed-in owner's (the server answers both alike). */
export async function getGame(id: string, signal?: AbortSignal) {
  try {
    return GameSchema.parse(await apiFetch(apiPath(apiRoutes.games[':id'], { id }), { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function gameQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.games.detail(id),
    queryFn: ({ signal }) => getGame(id, signal),
  });
}

export function useGame(id: string) {
  return useQuery(gameQueryOptions(id));
}
