import type { RequestPasswordResetInput } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(input: RequestPasswordResetInput) {
  return apiFetch<unknown>(apiRoutes.auth['request-password-reset'].$path(), { body: input });
}

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}
