import { apiFetch } from '../../../lib/api-client';
import { useAsync } from '../../../lib/use-async';

/**
 * Whether someone with a verified email is signed in, from GET /api/session. Only the answer's `user` being
 * there counts, so the sign-in pages need not load the user record's schema (the dashboard's current-user does).
 */
export async function checkSignedIn(signal?: AbortSignal): Promise<boolean> {
  const body = await apiFetch<unknown>('/api/session', { signal });
  return typeof body === 'object' && body !== null && (body as { user?: unknown }).user != null;
}

/** Asked once each time the page shows. */
export function useSignedIn() {
  return useAsync(checkSignedIn, 'signed-in');
}
