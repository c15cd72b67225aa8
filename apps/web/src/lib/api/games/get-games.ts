import { queryOptions, useQuery } from '@tanstack/react-query';
import { GameSchema } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiRoutes } from '../api-routes';

/** The signed-in owner's games. */
export function getGames(signal?: AbortSignal) {
  return apiFetch(apiRoutes.games.$path(), { signal }).then((body) => GameSchema.array().parse(body));
}

export const gamesQueryOptions = queryOptions({
  queryKey: queryKeys.games.list(),
  queryFn: ({ signal }) => getGames(signal),
});

export function useGames() {
  return useQuery(gamesQueryOptions);
}
