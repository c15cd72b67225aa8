import { apiFetch } from '../../../lib/api-client';
import { useAsync } from '../../../lib/use-async';
import { checkSignedIn } from './check-signed-in';

export type VerificationOutcome = { verified: true } | { verified: false };

/** A token is redeemed once per page load, however often the page mounts (StrictMode mounts it twice). */
const redemptions = new Map<string, Promise<VerificationOutcome>>();

/**
 * With a token from the email: redeem it (which also signs the user in). Without one: ask who is signed in; only
 * a verified email opens a session (decision 001), so a session means verified.
 */
export function verifyEmail(token: string | null, signal?: AbortSignal): Promise<VerificationOutcome> {
  if (!token) return checkSignedIn(signal).then((verified) => ({ verified }));
  let redemption = redemptions.get(token);
  if (!redemption) {
    redemption = apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`).then(() => ({
      verified: true as const,
    }));
    redemptions.set(token, redemption);
  }
  return redemption;
}

export function useVerifyEmail(token: string | null) {
  return useAsync((signal) => verifyEmail(token, signal), `verify-email:${token ?? ''}`);
}
