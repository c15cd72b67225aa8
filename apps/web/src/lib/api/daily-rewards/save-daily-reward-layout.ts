import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DailyRewardSchema } from '@liveops/domain/daily-rewards';
import { LAYOUT_SAVE_TIMEOUT_MS, type LayoutNode } from '@liveops/domain/layout';
import { ApiError, apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { dailyRewardQueryKey } from './get-daily-reward';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** The server's code for a save based on an older layoutVersion than the stored one. */
export const LAYOUT_CONFLICT_CODE = 'LAYOUT_CONFLICT';

export type SaveDailyRewardLayoutInput = {
  uiLayout: LayoutNode;
  /** The layoutVersion the editor started from; without it the save overwrites whatever is stored. */
  baseVersion?: number;
};

/**
 * Writes a config's uiLayout. A stale baseVersion is refused with 409 LAYOUT_CONFLICT; no answer within
 * LAYOUT_SAVE_TIMEOUT_MS fails with RequestTimeout.
 */
export function saveDailyRewardLayout(gameId: string, dailyRewardId: string, input: SaveDailyRewardLayoutInput) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId'].layout, { gameId, dailyRewardId }),
    { method: 'PUT', body: input, timeoutMs: LAYOUT_SAVE_TIMEOUT_MS },
  ).then((body) => DailyRewardSchema.parse(body));
}

export function isLayoutConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === LAYOUT_CONFLICT_CODE;
}

export function useSaveDailyRewardLayout(gameId: string, dailyRewardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDailyRewardLayoutInput) => saveDailyRewardLayout(gameId, dailyRewardId, input),
    // The save is over when the server answers: the refetches it starts are not awaited, since the list's prefix
    // holds the editor's own embed config, whose refetch a live update can cancel and restart, or a retry hold in
    // a background tab, and the editor would show "Saving..." all that time (decision 058).
    onSuccess: (updated) => {
      queryClient.setQueryData(dailyRewardQueryKey(dailyRewardId), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dailyRewards.list(gameId) });
    },
  });
}
