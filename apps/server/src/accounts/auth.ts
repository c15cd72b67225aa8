import { betterAuth } from 'better-auth';
import { organization } from 'better-auth/plugins/organization';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { validateAuthorizationCode } from 'better-auth/oauth2';
import { and, eq, like } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_SECONDS } from '@liveops/domain/accounts';
import type { Config } from '../env';
import type { Db } from '../db/database';
import * as schema from '../db/schema';
import { passwordResetEmail, verificationEmail } from './emails';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import type { Mailer } from '../email/mailer';
import type { Notifier } from '../live/notifier';
import { createSessionCache } from './session-cache';
import { betterAuthGate as gated } from './auth-storage';
import { activeMembership, createPersonalStudio } from '../studios/studios';

/** Request header the server sets from the socket (or a trusted proxy); Better Auth keys rate limits on it. */
export const CLIENT_IP_HEADER = 'x-liveops-client-ip';
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** Auth endpoints a caller can hammer to guess passwords or send mail; each gets its own per-IP budget. */
export const RATE_LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/send-verification-email',
  '/sign-in/social',
  '/request-password-reset',
  '/reset-password',
] as const;
/** Better Auth keeps a reset token in its verification table under this prefix, with the user's id as the value. */
export const RESET_TOKEN_IDENTIFIER_PREFIX = 'reset-password:';

type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  notifier: Notifier;
  liveEvents: LiveEvents;
};

type OpenIdDiscovery = { authorization_endpoint: string; token_endpoint: string };

/** Tests stand a local OpenID Connect provider in for Google; its endpoints come from its discovery document. */
async function discover(issuer: string): Promise<OpenIdDiscovery> {
  const response = await fetch(
    new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : `${issuer}/`),
  );
  if (!response.ok) throw new Error(`GOOGLE_TEST_ISSUER discovery failed with ${response.status}`);
  return (await response.json()) as OpenIdDiscovery;
}

export async function createAuth({ config, db, mailer, logger, secret, notifier, liveEvents }: AuthDeps) {
  const google = config.google;
  const testEndpoints = google?.testIssuer ? await discover(google.testIssuer) : null;
  const rateRule = { window: 60, max: config.authRateLimitMax };

  const sessionCache = createSessionCache({ notifier });
  /** The account's open tabs refetch who is signed in (and the settings page its sessions): decision 016. */
  const accountChanged = (userId: string) =>
    liveEvents.publish(userId, { topic: 'account' }).catch((error) => logger.warn('account event not sent:', error));

  const auth = betterAuth({
    appName: 'LiveOps Dashboard',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Through our logger, so what Better Auth logs is escaped and follows LOG_LEVEL.
    logger: {
      disabled: config.logLevel === 'silent',
      log: (level, message, ...args) => logger[level](message, ...args),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        organization: schema.studio,
        member: schema.studioMember,
        invitation: schema.studioInvitation,
      },
    }),
    // Studios (decision 064) are Better Auth organizations: its tables, and a session's active studio. Its own
    // /organization routes are not served (auth-routes.ts): /api/studios answers under our roles and messages.
    plugins: [organization({ creatorRole: 'owner' })],
    user: {
      additionalFields: {
        lastLogin: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      // Decision 016: a reset ends every session of the account, in the same transaction as the new password.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: an answer that waited for SMTP would take longer for an address with an account.
        void mailer
          .send(passwordResetEmail(user.email, link, PASSWORD_RESET_TTL_SECONDS))
          .catch((error) => logger.error(`password reset mail to ${user.email} failed:`, error));
      },
      onPasswordReset: async ({ user }) => {
        // The link reached the mailbox, which is what verifying an email proves; and only its own link stays
        // single-use by Better Auth, so the account's other outstanding reset links are spent with it.
        await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
        await db
          .delete(schema.verification)
          .where(
            and(
              like(schema.verification.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}%`),
              eq(schema.verification.value, user.id),
            ),
          );
        await sessionCache.forgetUser(user.id);
        await accountChanged(user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.publicUrl}/verified?token=${encodeURIComponent(token)}`;
        await mailer.send(verificationEmail(user.email, link));
      },
    },
    socialProviders: google
      ? {
          google: {
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            requireEmailVerification: true,
            ...(testEndpoints ? { authorizationEndpoint: testEndpoints.authorization_endpoint } : {}),
          },
        }
      : {},
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 600,
      customRules: Object.fromEntries(RATE_LIMITED_AUTH_PATHS.map((p) => [p, rateRule])),
    },
    advanced: {
      cookiePrefix: 'liveops',
      // Better Auth skips its Origin check when it detects a test runner; we want tests to see production.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // A new session shows the studio the person joined first.
          before: async (session) => {
            const { active } = await activeMembership(db, session.userId, null);
            return { data: { ...session, activeOrganizationId: active?.studioId ?? null } };
          },
          // Every sign-in (password, Google, or the one right after verifying) creates a session.
          after: async (session) => {
            await db.update(schema.user).set({ lastLogin: new Date() }).where(eq(schema.user.id, session.userId));
            await sessionCache.forgetUser(session.userId);
            await accountChanged(session.userId);
          },
        },
        // Switching studio changes the session: cached copies of it go.
        update: { after: (session) => sessionCache.forgetToken(session.token) },
        // Sign-out, revocation and password changes all delete sessions: cached copies go with them.
        delete: {
          after: async (session) => {
            await sessionCache.forgetToken(session.token);
            await accountChanged(session.userId);
          },
        },
      },
      user: {
        // Every account starts with a studio of its own, which it owns.
        create: { after: async (user) => void (await createPersonalStudio(db, user)) },
        update: {
          after: async (user) => {
            await sessionCache.forgetUser(user.id);
            await accountChanged(user.id);
          },
        },
        delete: { after: (user) => sessionCache.forgetUser(user.id) },
      },
    },
    onAPIError: {
      onError: (error) => logger.debug('auth error', error),
    },
  });

  if (testEndpoints) {
    // Google's token endpoint is fixed inside Better Auth's provider; only the test issuer replaces it.
    const context = await auth.$context;
    const provider = context.socialProviders.find((p) => p.id === 'google');
    if (!provider) throw new Error('Google provider missing');
    provider.validateAuthorizationCode = (args) =>
      validateAuthorizationCode({
        ...args,
        options: { clientId: google!.clientId, clientSecret: google!.clientSecret },
        tokenEndpoint: testEndpoints.token_endpoint,
      });
  }

  // Every call into Better Auth goes through the process's gate: its storages are on only while one runs (decision 049).
  const handle = auth.handler;
  const sessions = sessionCache.reader({
    cookieName: async () => (await auth.$context).authCookies.sessionToken.name,
    load: (headers) => gated(() => auth.api.getSession({ headers })),
  });
  return Object.assign(auth, {
    handler: (request: Request) => gated(() => handle(request)),
    sessions,
    /** Forgets every cached session of a user (here and on every instance): after deleting the account. */
    forgetSessionsOf: sessionCache.forgetUser,
    /** Forgets one cached session (here and on every instance): after changing its row. */
    forgetSession: sessionCache.forgetToken,
    /** Hears of every forgotten session, this instance's and others': open live-updates streams end with theirs. */
    onSessionsForgotten: sessionCache.onForget,
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
