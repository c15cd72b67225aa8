import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { apiRoutes } from '../../../lib/api/api-routes';

export function resendVerification(email: string) {
  return apiFetch<unknown>(apiRoutes.auth['send-verification-email'].$path(), { body: { email } });
}

export function useResendVerification() {
  return useAction(resendVerification);
}
