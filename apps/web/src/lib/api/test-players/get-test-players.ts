import { queryOptions, useQuery } from '@tanstack/react-query';
import { TestPlayerSchema } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's test players (decision 040), oldest first. */
export function getTestPlayers(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['test-players'], { gameId }), { signal }).then((body) =>
    TestPlayerSchema.array().parse(body),
  );
}

export function testPlayersQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.testPlayers.list(gameId),
    queryFn: ({ signal }) => getTestPlayers(gameId, signal),
  });
}

export function useTestPlayers(gameId: string) {
  return useQuery(testPlayersQueryOptions(gameId));
}
