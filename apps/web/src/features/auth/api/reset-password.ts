import type { ResetPasswordInput } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

/** Sets the new password from the link; the server ends every session of the account. */
export function resetPassword(input: ResetPasswordInput) {
  return apiFetch<unknown>('/api/auth/reset-password', { body: input });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
