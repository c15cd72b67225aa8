import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export function resendVerification(email: string) {
  return apiFetch<unknown>('/api/auth/send-verification-email', { body: { email } });
}

export function useResendVerification() {
  return useAction(resendVerification);
}
