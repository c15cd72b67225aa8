import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { EmbedConfigSchema } from '@liveops/domain/popup';
import { apiFetch } from '../../api-client';
import { useGame } from '../games/get-game';
import { usePacks } from '../packs/get-packs';
import { topicKey } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * The spec's "the JSON config including packs and assets": one daily reward config with the packs its days give, the
 * assets its layout names and the game's theme, as the server builds it for the emulator, embed and publish.
 */
export function getEmbedConfig(gameId: string, dailyRewardId: string, signal?: AbortSignal) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId']['embed-config'], { gameId, dailyRewardId }),
    { signal },
  ).then((body) => EmbedConfigSchema.parse(body));
}

export function embedConfigQueryKey(gameId: string, dailyRewardId: string) {
  return topicKey('dailyRewards', gameId, 'embed-config', dailyRewardId);
}

export function embedConfigQueryOptions(gameId: string, dailyRewardId: string) {
  return queryOptions({
    queryKey: embedConfigQueryKey(gameId, dailyRewardId),
    queryFn: ({ signal }) => getEmbedConfig(gameId, dailyRewardId, signal),
  });
}

/**
 * The embed config of the chosen daily reward (none: the query waits). Its key sits under dailyRewards, so a
 * change of the config itself (days, name, layout) refreshes it. A key has one topic, but the config also carries
 * the game's packs (topic inventory) and theme (topic games): this watches the game's packs (a light list every
 * inventory event refreshes) and the game (already loaded by the workspace) and refetches the config when either
 * changes. Assets cannot be edited, only added or deleted; a config naming a just-deleted asset shows a
 * placeholder until its next refresh, which we accept.
 */
export function useEmbedConfig(gameId: string, dailyRewardId: string | null) {
  const queryClient = useQueryClient();
  const packs = usePacks(gameId);
  const game = useGame(gameId);
  const seen = useRef('');
  const sources = `${packs.dataUpdatedAt}:${game.dataUpdatedAt}`;
  useEffect(() => {
    const previous = seen.current;
    seen.current = sources;
    // The first answers are not a change: the config was fetched with these packs and theme.
    if (previous === '' || previous === sources || previous.split(':').includes('0')) return;
    void queryClient.invalidateQueries({ queryKey: topicKey('dailyRewards', gameId, 'embed-config') });
  }, [sources, gameId, queryClient]);

  return useQuery({
    ...embedConfigQueryOptions(gameId, dailyRewardId ?? ''),
    enabled: dailyRewardId !== null,
  });
}
