import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CustomAttributeDeclarationsSchema,
  type CustomAttribute,
  type UpdateCustomAttributesInput,
} from '@liveops/domain/segments';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * PUT /api/games/:gameId/custom-attributes: the whole list, as it should be stored. Refused (409) while a segment
 * uses an attribute it removes or retypes; the answer is the stored list.
 */
export function updateCustomAttributes(gameId: string, input: UpdateCustomAttributesInput) {
  return apiFetch(apiPath(apiRoutes.games[':gameId']['custom-attributes'], { gameId }), {
    method: 'PUT',
    body: input,
  }).then((body) => CustomAttributeDeclarationsSchema.parse(body).customAttributes);
}

export function useUpdateCustomAttributes(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCustomAttributesInput) => updateCustomAttributes(gameId, input),
    onSuccess: (saved: CustomAttribute[]) =>
      queryClient.setQueryData(queryKeys.segments.customAttributes(gameId), saved),
  });
}
