import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PLAYER_LEDGER_PAGE, PlayerLedgerPageSchema } from '@liveops/domain/players';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiPath } from '../../../lib/api/api-path';
import { apiRoutes } from '../../../lib/api/api-routes';

/** GET …/players/:playerId/ledger: a page of the player's ledger, newest first, older than `before`. */
export function getPlayerLedger(gameId: string, playerId: string, before: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(PLAYER_LEDGER_PAGE) });
  if (before) query.set('before', before);
  return apiFetch(apiPath(apiRoutes.games[':gameId'].players[':playerId'].ledger, { gameId, playerId }, query), {
    signal,
  }).then((body) => PlayerLedgerPageSchema.parse(body));
}

export function playerLedgerQueryOptions(gameId: string, playerId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.players.ledger(gameId, playerId),
    queryFn: ({ pageParam, signal }) => getPlayerLedger(gameId, playerId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}

export function usePlayerLedger(gameId: string, playerId: string) {
  return useInfiniteQuery(playerLedgerQueryOptions(gameId, playerId));
}
