import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getSession } from '../../../lib/current-user';

export type VerificationOutcome = { verified: true } | { verified: false };

/**
 * With a token from the email: redeem it (which also signs the user in). Without one: ask who is signed in; only
 * a verified email opens a session (decision 001), so a session means verified. A query, not a mutation, so a
 * double mount redeems the token once.
 */
export function verifyEmailQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async ({ signal }): Promise<VerificationOutcome> => {
      if (token) {
        await apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { signal });
        return { verified: true };
      }
      return { verified: (await getSession(signal)) !== null };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery(verifyEmailQueryOptions(token));
}
