import { createMiddleware } from 'hono/factory';
import { API_MESSAGES } from '@liveops/domain/shared';
import type { Auth } from './auth';
import { jsonError } from '../http/json';

type SessionData = NonNullable<Awaited<ReturnType<Auth['sessions']['get']>>>;
export type SessionUser = SessionData['user'];
/** The signed-in user, and the studio their session last chose (Better Auth's active organization; unchecked). */
export type AuthedEnv = { Variables: { user: SessionUser; chosenStudioId: string | null } };

/** Dashboard data is reachable only with a session whose email is verified. */
export function requireVerifiedUser(auth: Auth) {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    const session = await auth.sessions.get(c.req.raw.headers);
    if (!session) return jsonError(c, 401, 'UNAUTHORIZED', API_MESSAGES.notSignedIn);
    if (!session.user.emailVerified) return jsonError(c, 403, 'EMAIL_NOT_VERIFIED', API_MESSAGES.emailNotVerified);
    c.set('user', session.user);
    c.set('chosenStudioId', session.session.activeOrganizationId ?? null);
    await next();
  });
}
