import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiFetch } from '../../../lib/api-client';
import { betterAuthPath } from '../../../lib/api/better-auth-path';

/** Better Auth's revoke-other-sessions: every session of the account but this one ends. */
export function signOutOtherDevices() {
  return apiFetch<unknown>(betterAuthPath('revoke-other-sessions'), { body: {} });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.settings() }),
  });
}
