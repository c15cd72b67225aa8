import { useQuery } from '@tanstack/react-query';
import { DailyRewardListResponseSchema } from '@liveops/domain/runtime-api';
import { queryKeys } from '../../../lib/api/query-keys';
import type { TestPlayerSession } from './sign-in-as-test-player';
import { runtimeFetch } from './runtime-fetch';

/** GET /v1/daily-rewards with the tester's token: their state of each published daily reward, with its popupUrl. */
export function getTestPlayerDailyRewards(token: string, signal?: AbortSignal) {
  return runtimeFetch('/daily-rewards', { token, signal }).then(
    (body) => DailyRewardListResponseSchema.parse(body).dailyRewards,
  );
}

/**
 * The tester's states, under the test players' topic: "Next day", "Reset progress" and any change of a tester's
 * clock (in this tab or another) refetch them. A refetch for the same tester (a new day, a new token) keeps the
 * previous answer on screen until it lands, so the popup does not blink; another tester's never shows.
 */
export function useTestPlayerDailyRewards(gameId: string, session: TestPlayerSession | null) {
  const testPlayerId = session?.testPlayerId ?? '';
  return useQuery({
    queryKey: queryKeys.testPlayers.dailyRewards(gameId, testPlayerId, session?.token ?? ''),
    queryFn: ({ signal }) => getTestPlayerDailyRewards(session?.token ?? '', signal),
    enabled: session !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === testPlayerId ? previous : undefined),
    retry: false,
  });
}
