import { readSignInServer, type SignInServer } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAsync } from '../../../lib/use-async';
import { apiRoutes } from '../../../lib/api/api-routes';

/** GET /api/session as the sign-in pages read it: whether someone is signed in, and what this server offers. */
export type SignInState = { signedIn: boolean; server: SignInServer };

/**
 * Whether someone with a verified email is signed in, and what the server says of Google sign-in and email, from
 * GET /api/session. Only the answer's `user` being there counts, so the sign-in pages need not load the user
 * record's schema (the dashboard's current-user does).
 */
export async function checkSession(signal?: AbortSignal): Promise<SignInState> {
  const body = await apiFetch<unknown>(apiRoutes.session.$path(), { signal });
  const signedIn = typeof body === 'object' && body !== null && (body as { user?: unknown }).user != null;
  return { signedIn, server: readSignInServer(body) };
}

export async function checkSignedIn(signal?: AbortSignal): Promise<boolean> {
  return (await checkSession(signal)).signedIn;
}

/** Asked once each time the page shows. */
export function useSignInState() {
  return useAsync(checkSession, 'sign-in-state');
}
