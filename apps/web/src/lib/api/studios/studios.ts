import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StudioMembershipSchema, StudiosAnswerSchema } from '@liveops/domain/teams';
import { apiFetch } from '../../api-client';
import { apiRoutes } from '../api-routes';
import { queryKeys } from '../query-keys';

/** The studios of the signed-in person and the one the dashboard shows (decision 065). */
export function useStudios() {
  return useQuery({
    queryKey: queryKeys.account.studios(),
    queryFn: ({ signal }) =>
      apiFetch(apiRoutes.studios.$path(), { signal }).then((body) => StudiosAnswerSchema.parse(body)),
  });
}

/** Shows another of their studios: everything on screen belonged to the one before, so all of it is read anew. */
export function useChooseStudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studioId: string) =>
      apiFetch(apiRoutes.studios.active.$path(), { body: { studioId } }).then((body) =>
        StudioMembershipSchema.parse(body),
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
