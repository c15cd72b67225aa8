import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ServerSecretSchema } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { serverSecretQueryOptions } from './get-server-secret';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** POST /api/games/:id/server-secret: a new server secret (the old one stops working); the answer is the new one. */
export function rotateServerSecret(gameId: string) {
  return apiFetch(apiPath(apiRoutes.games[':id']['server-secret'], { id: gameId }), { method: 'POST' }).then(
    (body) => ServerSecretSchema.parse(body).serverSecret,
  );
}

export function useRotateServerSecret(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateServerSecret(gameId),
    // Shown at once where the secret is revealed; nowhere kept once it is hidden (gcTime 0).
    onSuccess: (serverSecret) => queryClient.setQueryData(serverSecretQueryOptions(gameId).queryKey, serverSecret),
  });
}
