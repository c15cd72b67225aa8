import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiFetch } from '../../../lib/api-client';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Better Auth's update-user with the name alone; the dashboard greets by it. */
export function updateDisplayName(name: string) {
  return apiFetch<unknown>(apiRoutes.auth['update-user'].$path(), { body: { name } });
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    // This tab at once; the others hear of it through the 'account' live event.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.currentUser() }),
  });
}
