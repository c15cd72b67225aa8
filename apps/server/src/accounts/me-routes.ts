import { Hono } from 'hono';
import type { SignInServer, User } from '@liveops/domain/accounts';
import type { Auth } from './auth';
import type { Config } from '../env';
import { requireVerifiedUser, type AuthedEnv, type SessionUser } from './session';

export function toUser(u: SessionUser): User {
  const lastLogin = (u as SessionUser & { lastLogin?: Date | string | null }).lastLogin;
  return {
    uid: u.id,
    email: u.email,
    displayName: u.name.trim() ? u.name : null,
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
 * is), so a signed-out visit probes without an error in the browser's console. It also says what the sign-in
 * card should know before anything is pressed (decision 030): whether Google sign-in is set up and whether
 * emails are sent or printed to the log. Both are the server's settings, not secrets, and cost no extra request.
 */
export function sessionRoutes(auth: Auth, config: Pick<Config, 'google' | 'smtpUrl'>) {
  const server: SignInServer = {
    googleSignIn: config.google !== null,
    emailDelivery: config.smtpUrl ? 'smtp' : 'log',
  };
  return new Hono().get('/', async (c) => {
    const session = await auth.sessions.get(c.req.raw.headers);
    return c.json({ user: session?.user.emailVerified ? toUser(session.user) : null, server });
  });
}
