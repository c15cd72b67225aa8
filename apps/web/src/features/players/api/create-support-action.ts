import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SupportActionSchema, type SupportActionInput } from '@liveops/domain/players';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiPath } from '../../../lib/api/api-path';
import { apiRoutes } from '../../../lib/api/api-routes';

const AnswerSchema = z.object({ action: SupportActionSchema, replayed: z.boolean() });

/**
 * POST …/players/:playerId/support-actions (decision 043). `idempotencyKey` is made once per dialog: a double
 * click or a retry sends the same one, and the server acts once.
 */
export function createSupportAction(
  gameId: string,
  playerId: string,
  input: SupportActionInput,
  idempotencyKey: string,
) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].players[':playerId']['support-actions'], { gameId, playerId }), {
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  }).then((body) => AnswerSchema.parse(body));
}

export function useCreateSupportAction(gameId: string, playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SupportActionInput; idempotencyKey: string }) =>
      createSupportAction(gameId, playerId, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.players.game(gameId) }),
  });
}
