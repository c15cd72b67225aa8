import { Hono, type Context } from 'hono';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  ChangePasswordInputSchema,
  ResendVerificationInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdateUserInputSchema,
  VERIFY_MESSAGES,
} from '@liveops/domain';
import { z } from 'zod';
import { CLIENT_IP_HEADER, type Auth } from '../auth';
import type { Db } from '../db/database';
import { user } from '../db/schema';
import type { Config } from '../env';
import { clientIp } from '../lib/client-ip';
import { jsonError, readJson } from '../lib/http';

const SocialSignInInputSchema = z.object({
  provider: z.string().min(1).max(64),
  callbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  disableRedirect: z.boolean().optional(),
});

type Deps = { auth: Auth; config: Config; db: Db };

/**
 * Better Auth answers /api/auth/*. In front of it we validate bodies with the domain schemas (so the form and
 * the server share rules and messages), rebuild them from the validated fields, and pass the client address on.
 */
export function authRoutes({ auth, config, db }: Deps) {
  async function forward(c: Context, body?: unknown): Promise<Response> {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, config.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    } else if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      payload = await c.req.text();
    }
    const response = await auth.handler(new Request(c.req.url, { method: c.req.method, headers, body: payload }));
    if (response.status === 429) {
      const limited = jsonError(c, 429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyRequests);
      const retry = response.headers.get('x-retry-after');
      if (retry) limited.headers.set('Retry-After', retry);
      return limited;
    }
    return response;
  }

  return new Hono()
    .post('/sign-up/email', async (c) => {
      const input = await readJson(c, SignUpInputSchema);
      if (!input.ok) return input.response;
      return forward(c, { ...input.value, name: '', callbackURL: '/verified' });
    })
    .post('/sign-in/email', async (c) => {
      const input = await readJson(c, SignInInputSchema);
      if (!input.ok) return input.response;
      return forward(c, { ...input.value, callbackURL: '/dashboard' });
    })
    .post('/send-verification-email', async (c) => {
      const input = await readJson(c, ResendVerificationInputSchema);
      if (!input.ok) return input.response;
      return forward(c, { email: input.value.email, callbackURL: '/verified' });
    })
    .post('/sign-in/social', async (c) => {
      const input = await readJson(c, SocialSignInInputSchema);
      if (!input.ok) return input.response;
      if (input.value.provider === 'google' && !config.google) {
        return jsonError(c, 400, 'GOOGLE_NOT_CONFIGURED', AUTH_MESSAGES.googleNotConfigured);
      }
      return forward(c, input.value);
    })
    .post('/update-user', async (c) => {
      // Better Auth passes these fields through as they come; a name is copied into every new game's owner.
      const input = await readJson(c, UpdateUserInputSchema);
      if (!input.ok) return input.response;
      return forward(c, input.value);
    })
    .post('/change-password', async (c) => {
      const input = await readJson(c, ChangePasswordInputSchema);
      if (!input.ok) return input.response;
      return forward(c, input.value);
    })
    .get('/verify-email', async (c) => {
      // Verification tokens are signed, stateless JWTs; a second use would quietly succeed. Refuse it instead.
      const token = c.req.query('token') ?? '';
      let email: unknown;
      try {
        email = decodeJwt(token).email;
      } catch {
        return jsonError(c, 401, 'INVALID_TOKEN', VERIFY_MESSAGES.linkInvalid);
      }
      if (typeof email === 'string') {
        const [existing] = await db
          .select({ emailVerified: user.emailVerified })
          .from(user)
          .where(eq(user.email, email.toLowerCase()));
        if (existing?.emailVerified) {
          return jsonError(c, 410, 'VERIFICATION_LINK_USED', VERIFY_MESSAGES.linkUsed);
        }
      }
      return forward(c);
    })
    .all('/*', (c) => forward(c));
}
