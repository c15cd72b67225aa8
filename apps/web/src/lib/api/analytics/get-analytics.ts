import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { STREAK_BUCKETS, type AnalyticsResponse, type StreakBucketId } from '@liveops/domain/analytics';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** How often the tab asks again: events have no live topic (the runtime writes them), so the figures are polled. */
export const ANALYTICS_REFETCH_MS = 5_000;

const count = z.number().int().nonnegative();
const DaySchema = z.object({
  day: z.string(),
  sessions: count,
  shown: count,
  closed: count,
  claimed: count,
  active: count,
  activeBackNextDay: count,
  activeBackDay7: count,
  claimedBackNextDay: count,
  claimedBackDay7: count,
  claimedByCycleDay: z.array(count),
  claimedByStreak: z.object(
    Object.fromEntries(STREAK_BUCKETS.map(({ id }) => [id, count])) as Record<StreakBucketId, typeof count>,
  ),
});
const rate = z.number().min(0).max(1).nullable();
const StatementSchema = z.object({
  status: z.enum(['compared', 'no_data', 'no_variation', 'too_little_data']),
  sentence: z.string(),
  confidence: z.number().nullable(),
});
const ExperimentComparisonSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  winnerVariantId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  variants: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      weight: z.number(),
      control: z.boolean(),
      players: count,
      shown: count,
      claimed: count,
      startedCycle: count,
      reachedDay7: count,
      claimRate: rate,
      day7Rate: rate,
    }),
  ),
  comparisons: z.array(z.object({ variantId: z.string(), claimRate: StatementSchema, day7: StatementSchema })),
});
const AnalyticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  configId: z.string().nullable(),
  includesTestPlayers: z.boolean(),
  days: z.array(DaySchema),
  experiment: ExperimentComparisonSchema.nullable(),
});

export type AnalyticsRequest = {
  gameId: string;
  /** '' for the whole game. */
  configId: string;
  /** The range's first and last UTC days; both absent for the server's default (the last 30 days). */
  from?: string;
  to?: string;
  /** One of the config's experiments to compare; '' (or absent) for the running one, else the newest. */
  experimentId?: string;
  /** Count the game's test players too (the tab's switch); by default they are left out. */
  testers?: boolean;
};

/**
 * GET /api/games/:gameId/analytics: the daily rollups of the game or one daily reward, every day of the range, and
 * the config's experiment compared variant by variant. In lib/api because the Analytics tab and the Daily Rewards
 * tab's Promote (its warning, decision 053) both read it.
 */
export function getAnalytics(
  { gameId, configId, from, to, experimentId = '', testers = false }: AnalyticsRequest,
  signal?: AbortSignal,
): Promise<AnalyticsResponse> {
  const query = new URLSearchParams(from !== undefined && to !== undefined ? { from, to } : {});
  if (configId !== '') query.set('configId', configId);
  if (configId !== '' && experimentId !== '') query.set('experimentId', experimentId);
  if (testers) query.set('testers', 'include');
  return apiFetch(apiPath(apiRoutes.games[':gameId'].analytics, { gameId }, query), { signal }).then((body) =>
    AnalyticsResponseSchema.parse(body),
  );
}

export function useAnalytics(request: AnalyticsRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.dailyRewards.analytics(
      request.gameId,
      request.configId,
      request.from ?? '',
      request.to ?? '',
      request.experimentId,
      request.testers ?? false,
    ),
    queryFn: ({ signal }) => getAnalytics(request, signal),
    refetchInterval: ANALYTICS_REFETCH_MS,
    // A new range or config keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
    ...options,
  });
}
