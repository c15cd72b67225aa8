import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@liveops/domain/accounts';
import { paths } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { apiRoutes } from '../../../lib/api/api-routes';

/** DELETE /api/account: the account, every row of it and its games' stored files. */
export function deleteAccount(input: DeleteAccountInput) {
  return apiFetch<unknown>(apiRoutes.account.$path(), { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    // A fresh page load, not a route change: nothing of the account stays in this tab's memory, no guard or live
    // update races the login page's notice, and Back cannot return to the settings of an account that is gone.
    onSuccess: () => window.location.replace(paths.login('account-deleted')),
  });
}
