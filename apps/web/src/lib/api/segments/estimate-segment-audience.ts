import { useMutation } from '@tanstack/react-query';
import { AudienceEstimateSchema } from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * POST /api/games/:gameId/segments/audience-estimate: a draft expression evaluated over the game's most recently
 * seen players (decision 054). Reads only; a mutation because it is asked for, not kept.
 */
export function estimateSegmentAudience(gameId: string, expression: string) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].segments['audience-estimate'], { gameId }), {
    method: 'POST',
    body: { expression },
  }).then((body) => AudienceEstimateSchema.parse(body));
}

export function useEstimateSegmentAudience(gameId: string) {
  return useMutation({ mutationFn: (expression: string) => estimateSegmentAudience(gameId, expression) });
}
