import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema, type CreateGameInput } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { gamesQueryKeys } from './games-query-keys';

export function createGame(input: CreateGameInput) {
  return apiFetch('/api/games', { body: input }).then((body) => GameSchema.parse(body));
}

export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesQueryKeys.all }),
  });
}
