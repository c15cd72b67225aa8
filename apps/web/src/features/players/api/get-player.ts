import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlayerProfileSchema } from '@liveops/domain/players';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiPath } from '../../../lib/api/api-path';
import { apiRoutes } from '../../../lib/api/api-routes';

/** GET …/players/:playerId: a player of the game as the runtime knows them (decision 043); 404 for an unknown id. */
export function getPlayer(gameId: string, playerId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].players[':playerId'], { gameId, playerId }), {
    signal,
  }).then((body) => PlayerProfileSchema.parse(body));
}

export function playerQueryOptions(gameId: string, playerId: string) {
  return queryOptions({
    queryKey: queryKeys.players.detail(gameId, playerId),
    queryFn: ({ signal }) => getPlayer(gameId, playerId, signal),
    // An unknown player is an answer, not a failure to retry.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });
}

export function usePlayer(gameId: string, playerId: string) {
  return useQuery({ ...playerQueryOptions(gameId, playerId), enabled: playerId !== '' });
}
