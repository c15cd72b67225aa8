import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function resendVerification(email: string) {
  return apiFetch<unknown>('/api/auth/send-verification-email', { body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
