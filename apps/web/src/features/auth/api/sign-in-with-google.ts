import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Starts Google sign-in; the browser leaves for Google and comes back to /dashboard, or to /login?error=. */
export async function signInWithGoogle() {
  const result = await apiFetch<{ url?: string }>(apiRoutes.auth['sign-in'].social.$path(), {
    body: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login' },
  });
  if (!result.url) throw new Error('Google login failed');
  window.location.assign(result.url);
}

export function useSignInWithGoogle() {
  return useAction(signInWithGoogle);
}
