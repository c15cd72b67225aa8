import { apiRoutes } from './api-routes';

/**
 * A Better Auth endpoint the server passes through whole (its `/api/auth/*` route) rather than declaring: the
 * client's types know the wildcard only, so these names are checked here, against the endpoints the web app calls.
 */
export function betterAuthPath(endpoint: 'sign-out' | 'revoke-other-sessions'): string {
  return apiRoutes.auth['*'].$path().replace(/\*$/, endpoint);
}
