import { Hono } from 'hono';
import type { User } from '@liveops/domain';
import type { Auth } from '../auth';
import { requireVerifiedUser, type AuthedEnv, type SessionUser } from '../lib/session';

export function toUser(u: SessionUser): User {
  const lastLogin = (u as SessionUser & { lastLogin?: Date | string | null }).lastLogin;
  return {
    uid: u.id,
    email: u.email,
    displayName: u.name?.trim() ? u.name : null,
    emailVerified: u.emailVerified,
    photoURL: u.image ?? null,
    lastLogin: lastLogin ? new Date(lastLogin).toISOString() : null,
  };
}

export function meRoutes(auth: Auth) {
  return new Hono<AuthedEnv>().use(requireVerifiedUser(auth)).get('/', (c) => c.json(toUser(c.get('user'))));
}

/**
 * GET /api/session: who is signed in, answered 200 either way ({ user: null } when nobody with a verified email
 * is), so a signed-out visit probes without an error in the browser's console.
 */
export function sessionRoutes(auth: Auth) {
  return new Hono().get('/', async (c) => {
    const session = await auth.sessions.get(c.req.raw.headers);
    return c.json({ user: session?.user.emailVerified ? toUser(session.user) : null });
  });
}
