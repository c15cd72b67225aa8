import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DailyRewardForPlayerSchema } from '@liveops/domain/targeting';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * Which daily reward the runtime would give a sample player now, and why (the segment tester's question): the
 * server evaluates the player against every segment of the game and selects among the live release's configs.
 */
export function getDailyRewardForPlayer(gameId: string, player: Record<string, unknown>, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['daily-rewards']['for-player'], { gameId }), {
    method: 'POST',
    body: { player },
    signal,
  }).then((body) => DailyRewardForPlayerSchema.parse(body));
}

/**
 * `player` is the tester's text (the key), null while it is not a JSON object. `segmentsVersion` changes when any
 * segment does (the list's last update), so an edited segment asks again; targeting changes arrive as the
 * dailyRewards topic.
 */
export function dailyRewardForPlayerQueryOptions(gameId: string, player: string | null, segmentsVersion: number) {
  return queryOptions({
    queryKey: queryKeys.dailyRewards.forPlayer(gameId, player ?? '', segmentsVersion),
    queryFn: ({ signal }) =>
      getDailyRewardForPlayer(gameId, JSON.parse(player ?? '{}') as Record<string, unknown>, signal),
    enabled: player !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDailyRewardForPlayer(gameId: string, player: string | null, segmentsVersion: number) {
  return useQuery(dailyRewardForPlayerQueryOptions(gameId, player, segmentsVersion));
}
