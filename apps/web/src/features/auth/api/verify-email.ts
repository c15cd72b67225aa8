import type { VerificationOutcome as RedemptionOutcome } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAsync } from '../../../lib/use-async';
import { checkSignedIn } from './check-signed-in';
import { apiRoutes } from '../../../lib/api/api-routes';

/** A refused link carries the reason to show; without a token there is only signed in or not. */
export type VerificationOutcome = { verified: true } | { verified: false; message?: string };

/** A token is redeemed once per page load, however often the page mounts (StrictMode mounts it twice). */
const redemptions = new Map<string, Promise<VerificationOutcome>>();

/**
 * With a token from the email: redeem it (which also signs the user in); a refused link is an outcome, not a
 * failed request. Without one: ask who is signed in; only a verified email opens a session (decision 001), so a
 * session means verified.
 */
export function verifyEmail(token: string | null, signal?: AbortSignal): Promise<VerificationOutcome> {
  if (!token) return checkSignedIn(signal).then((verified) => ({ verified }));
  let redemption = redemptions.get(token);
  if (!redemption) {
    redemption = apiFetch<RedemptionOutcome>(apiRoutes.auth['redeem-verification'].$path(), { body: { token } });
    redemptions.set(token, redemption);
  }
  return redemption;
}

export function useVerifyEmail(token: string | null) {
  return useAsync((signal) => verifyEmail(token, signal), `verify-email:${token ?? ''}`);
}
