import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReleasesSchema } from '@liveops/domain/releases';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A game's releases, newest first, with the stable page and manifest addresses. */
export function getReleases(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].releases, { gameId }), { signal }).then((body) =>
    ReleasesSchema.parse(body),
  );
}

export function releasesQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: queryKeys.releases.list(gameId),
    queryFn: ({ signal }) => getReleases(gameId, signal),
  });
}

export function useReleases(gameId: string, enabled = true) {
  return useQuery({ ...releasesQueryOptions(gameId), enabled });
}
