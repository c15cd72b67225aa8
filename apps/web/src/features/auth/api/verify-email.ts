import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type VerificationOutcome = { verified: true } | { verified: false; reason: 'not-verified' | 'not-signed-in' };

/**
 * With a token from the email: redeem it (which also signs the user in). Without one: reload the user and
 * report whether the email is verified. A query, not a mutation, so a double mount redeems the token once.
 */
export function verifyEmailQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async (): Promise<VerificationOutcome> => {
      if (token) {
        await apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
        return { verified: true };
      }
      const me = await fetch('/api/me', { headers: { accept: 'application/json' } });
      if (me.ok) return { verified: true };
      if (me.status === 403) return { verified: false, reason: 'not-verified' };
      if (me.status === 401) return { verified: false, reason: 'not-signed-in' };
      throw new Error(`reload failed with ${me.status}`);
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery(verifyEmailQueryOptions(token));
}
