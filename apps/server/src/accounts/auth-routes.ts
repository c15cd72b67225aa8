import { Hono, type Context } from 'hono';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  ChangePasswordInputSchema,
  passwordIsEmail,
  RedeemVerificationInputSchema,
  RequestPasswordResetInputSchema,
  ResendVerificationInputSchema,
  RESET_MESSAGES,
  ResetLinkStatusInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdateUserInputSchema,
  VERIFY_MESSAGES,
  type VerificationOutcome,
  verifyErrorMessage,
} from '@liveops/domain/accounts';
import { API_MESSAGES } from '@liveops/domain/shared';
import { z } from 'zod';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import type { Db } from '../db/database';
import { user } from '../db/schema';
import type { Config } from '../env';
import { passwordCheckKeys, refuseOverBudget, type AttemptBudget } from './attempt-limits';
import { clientIp } from '../http/client-ip';
import { checkResetLink } from './reset-links';
import { jsonBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';

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
  /** Hands the request (or `body`, validated and rebuilt; or `target`, another Better Auth address) on. */
  async function forward(c: Context, body?: unknown, target?: { method: string; url: string }): Promise<Response> {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, config.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    } else if (target) {
      headers.delete('content-type');
      headers.delete('content-length');
    } else if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      payload = await c.req.text();
    }
    const { method, url } = target ?? { method: c.req.method, url: c.req.url };
    const response = await auth.handler(new Request(url, { method, headers, body: payload }));
    if (response.status === 429) {
      const retry = response.headers.get('x-retry-after');
      if (retry) c.header('Retry-After', retry);
      return jsonError(c, 429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyRequests);
    }
    return response;
  }

  /** The new password may not be the account's own email address: a 400 naming the field, as readJson answers. */
  function passwordIsEmailRefusal(c: Context, field: string): Response {
    const issues = [{ path: field, message: AUTH_MESSAGES.passwordIsEmail }];
    return jsonError(c, 400, 'VALIDATION_ERROR', AUTH_MESSAGES.passwordIsEmail, { issues });
  }

  /** Better Auth's refusal of a request we passed on, replaced by ours when its code is `code`. */
  async function replaceRefusal(c: Context, answer: Response, code: string, replacement: () => Response) {
    if (answer.ok || answer.status === 429) return answer;
    const refusal = (await answer
      .clone()
      .json()
      .catch(() => ({}))) as { code?: unknown };
    return refusal.code === code ? replacement() : answer;
  }

  /** Sign-in's budget (decision 005), for the routes Better Auth's limiter never sees. */
  const budget: AttemptBudget = { windowSeconds: 60, max: config.authRateLimitMax };

  /**
   * The email of a verification token whose signature is the server's (expired or not), or null. Checked before
   * anything is looked up, so a forged token learns nothing about the account it names (decision 032).
   */
  async function signedEmailOf(token: string): Promise<string | null> {
    const key = new TextEncoder().encode((await auth.$context).secret);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
    } catch (error) {
      // jose checks the signature before the claims: an expired token was signed by us.
      if (!(error instanceof joseErrors.JWTExpired)) return null;
      payload = error.payload;
    }
    return typeof payload.email === 'string' ? payload.email : null;
  }

  /** Redeems an emailed verification token (which also signs the user in). */
  async function verify(c: Context, token: string): Promise<Response> {
    // Every try counts, forged or not: the links are opened a few times at most.
    const ip = clientIp(c, config.trustProxy);
    const limited = await refuseOverBudget(c, db, [`verify-email:ip:${ip ?? 'unknown'}`], budget);
    if (limited) return limited;
    const email = await signedEmailOf(token);
    if (email === null) return jsonError(c, 401, 'INVALID_TOKEN', VERIFY_MESSAGES.linkInvalid);
    // Verification tokens are signed, stateless JWTs; a second use would quietly succeed. Refuse it instead.
    const [existing] = await db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    if (existing?.emailVerified) {
      return jsonError(c, 410, 'VERIFICATION_LINK_USED', VERIFY_MESSAGES.linkUsed);
    }
    const url = new URL('/api/auth/verify-email', c.req.url);
    url.searchParams.set('token', token);
    return forward(c, undefined, { method: 'GET', url: url.href });
  }

  /**
   * Password checks behind a session (decision 032): sign-in's budget per account and per client address,
   * counted in the database so every instance shares it. Null when allowed (or when nobody is signed in: the
   * route answers that itself).
   */
  async function refusePasswordGuessing(c: Context): Promise<Response | null> {
    const session = await auth.sessions.get(c.req.raw.headers);
    if (!session) return null;
    const keys = passwordCheckKeys(session.user.id, clientIp(c, config.trustProxy));
    return refuseOverBudget(c, db, keys, budget, ACCOUNT_MESSAGES.passwordTooManyAttempts);
  }

  return (
    new Hono()
      .use(...jsonBody)
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
        const guessing = await refusePasswordGuessing(c);
        if (guessing) return guessing;
        const session = await auth.sessions.get(c.req.raw.headers);
        if (session && passwordIsEmail(input.value.newPassword, session.user.email)) {
          return passwordIsEmailRefusal(c, 'newPassword');
        }
        const answer = await forward(c, input.value);
        return replaceRefusal(c, answer, 'INVALID_PASSWORD', () =>
          jsonError(c, 400, 'INVALID_PASSWORD', ACCOUNT_MESSAGES.currentPasswordWrong),
        );
      })
      .post('/request-password-reset', async (c) => {
        // Better Auth answers alike whether the address has an account (decision 016); the link is ours to build.
        const input = await readJson(c, RequestPasswordResetInputSchema);
        if (!input.ok) return input.response;
        return forward(c, { email: input.value.email });
      })
      .post('/reset-link-status', async (c) => {
        // What /reset-password asks on opening: the outcome is the resource, so a dead link is a 200 with why.
        const input = await readJson(c, ResetLinkStatusInputSchema);
        if (!input.ok) return input.response;
        return c.json(await checkResetLink(db, input.value.token));
      })
      .post('/reset-password', async (c) => {
        const input = await readJson(c, ResetPasswordInputSchema);
        if (!input.ok) return input.response;
        const link = await checkResetLink(db, input.value.token);
        if (!link.valid) return jsonError(c, 400, link.code, link.message);
        if (passwordIsEmail(input.value.newPassword, link.email)) return passwordIsEmailRefusal(c, 'newPassword');
        const answer = await forward(c, input.value);
        // Spent between our check and Better Auth's (a second tab, say): the same words as any dead link.
        return replaceRefusal(c, answer, 'INVALID_TOKEN', () =>
          jsonError(c, 400, 'RESET_LINK_INVALID', RESET_MESSAGES.linkInvalid),
        );
      })
      .get('/verify-email', (c) => {
        const token = c.req.query('token') ?? '';
        // A link followed in a browser must not sign anyone in unasked (login CSRF, decision 032): the page asks first.
        if (c.req.header('sec-fetch-mode') === 'navigate') {
          return c.redirect(`/verified?${new URLSearchParams({ token }).toString()}`, 303);
        }
        return verify(c, token);
      })
      .post('/redeem-verification', async (c) => {
        // What /verified calls: the same redemption, answered as an outcome (200) with the reason for a refusal.
        const input = await readJson(c, RedeemVerificationInputSchema);
        if (!input.ok) return input.response;
        const answer = await verify(c, input.value.token);
        if (answer.status === 429) return answer;
        let outcome: VerificationOutcome;
        if (answer.ok) {
          outcome = { verified: true };
        } else {
          const refusal = (await answer.json().catch(() => ({}))) as { code?: unknown };
          const code = typeof refusal.code === 'string' && refusal.code ? refusal.code : 'INVALID_TOKEN';
          outcome = { verified: false, code, message: verifyErrorMessage(code) };
        }
        for (const cookie of answer.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        return c.json(outcome);
      })
      .use('/verify-password', async (c, next) => (await refusePasswordGuessing(c)) ?? next())
      // Studios are served by /api/studios under the dashboard's roles and messages (decision 064), not by the
      // organization plugin's own routes.
      .all('/organization/*', (c) => jsonError(c, 404, 'NOT_FOUND', API_MESSAGES.notFound))
      .all('/*', (c) => forward(c))
  );
}
