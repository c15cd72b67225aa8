import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServerSecretSchema } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * The game's server secret, under the game's detail key: a change of the game (a rotation in another tab) fetches
 * it again while it is shown. Asked for only while shown, and forgotten as soon as it is hidden.
 */
export function serverSecretQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: [...queryKeys.games.detail(gameId), 'server-secret'] as const,
    queryFn: ({ signal }) =>
      apiFetch(apiPath(apiRoutes.games[':id']['server-secret'], { id: gameId }), { signal }).then(
        (body) => ServerSecretSchema.parse(body).serverSecret,
      ),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useServerSecret(gameId: string) {
  return useQuery(serverSecretQueryOptions(gameId));
}
