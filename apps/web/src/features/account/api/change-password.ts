import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@liveops/domain/accounts';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiFetch } from '../../../lib/api-client';
import { signOutOtherDevices } from './sign-out-other-devices';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Better Auth's change-password: the current password and the new one. */
export function changePassword(input: ChangePasswordInput) {
  return apiFetch<unknown>(apiRoutes.auth['change-password'].$path(), { body: input });
}

/**
 * Changes the password, then signs the other devices out when asked. Not Better Auth's revokeOtherSessions, which
 * replaces this tab's session too: the live update announcing the ended sessions could reach this tab before its
 * new cookie and send it to the login page.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ revokeOtherSessions, ...input }: ChangePasswordInput) => {
      await changePassword({ ...input, revokeOtherSessions: false });
      if (revokeOtherSessions) await signOutOtherDevices();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.settings() }),
  });
}
