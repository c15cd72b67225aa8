import type { ResetPasswordInput } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Sets the new password from the link; the server ends every session of the account. */
export function resetPassword(input: ResetPasswordInput) {
  return apiFetch<unknown>(apiRoutes.auth['reset-password'].$path(), { body: input });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
