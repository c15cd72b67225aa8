import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GameSchema, type CreateGameInput } from '@liveops/domain/games';
import { apiFetch } from '../../api-client';
import { queryKeys } from '../query-keys';
import { apiRoutes } from '../api-routes';

export function createGame(input: CreateGameInput) {
  return apiFetch(apiRoutes.games.$path(), { body: input }).then((body) => GameSchema.parse(body));
}

export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.games.all() }),
  });
}
