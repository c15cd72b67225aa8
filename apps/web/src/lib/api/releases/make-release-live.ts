import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReleasesSchema } from '@liveops/domain/releases';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** Rollback: an earlier release of the game live again. Answers the releases as they now are. */
export function makeReleaseLive(gameId: string, version: number) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].releases[':version'].live, { gameId, version: String(version) }), {
    method: 'POST',
    body: {},
  }).then((body) => ReleasesSchema.parse(body));
}

export function useMakeReleaseLive(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => makeReleaseLive(gameId, version),
    onSuccess: (releases) => queryClient.setQueryData(queryKeys.releases.list(gameId), releases),
  });
}
