import { and, count, eq, gt, inArray, ne } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { APIError } from 'better-auth/api';
import { ACCOUNT_MESSAGES, confirmsDeletion, DeleteAccountInputSchema, type Account } from '@liveops/domain/accounts';
import type { Auth } from './auth';
import type { Db } from '../db/database';
import type { Config } from '../env';
import { account, game, session, studio, studioMember, user, verification } from '../db/schema';
import { membershipsOf } from '../studios/studios';
import { passwordCheckKeys, refuseOverBudget } from './attempt-limits';
import { clientIp } from '../http/client-ip';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import { jsonBody } from '../http/request-body';
import { requireVerifiedUser, type AuthedEnv } from './session';
import { removeGameFiles } from '../storage/remove-game-files';
import type { Storage } from '../storage/storage';

type Deps = {
  auth: Auth;
  db: Db;
  storage: Storage;
  liveEvents: LiveEvents;
  logger: Logger;
  config: Pick<Config, 'authRateLimitMax' | 'trustProxy'>;
};

/** Ends the browser's copy of the session the way Better Auth's sign-out does: every auth cookie expired. */
async function expireAuthCookies(c: Context, auth: Auth) {
  const { authCookies } = await auth.$context;
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    const { path = '/', secure, sameSite, httpOnly, domain } = cookie.attributes;
    setCookie(c, cookie.name, '', {
      path,
      maxAge: 0,
      ...(secure === undefined ? {} : { secure }),
      ...(httpOnly === undefined ? {} : { httpOnly }),
      ...(domain ? { domain } : {}),
      ...(typeof sameSite === 'string' ? { sameSite: sameSite as 'Lax' | 'Strict' | 'None' } : {}),
    });
  }
}

/**
 * /api/account: the signed-in developer's own account (decision 016). Everything is found from the session;
 * nothing in a request names an account.
 */
export function accountRoutes({ auth, db, storage, liveEvents, logger, config }: Deps) {
  /** How the account signs in: a password (Better Auth's credential account), Google, or both. */
  const signInMethods = async (userId: string) => {
    const rows = await db
      .select({ providerId: account.providerId, password: account.password })
      .from(account)
      .where(eq(account.userId, userId));
    return {
      hasPassword: rows.some((row) => row.providerId === 'credential' && !!row.password),
      hasGoogle: rows.some((row) => row.providerId === 'google'),
    };
  };

  return new Hono<AuthedEnv>()
    .use(...jsonBody, requireVerifiedUser(auth))
    .get('/', async (c) => {
      const me = c.get('user');
      // The guard has just read this session, so this is answered from the session cache.
      const own = (await auth.sessions.get(c.req.raw.headers))?.session.token ?? '';
      const [others] = await db
        .select({ n: count() })
        .from(session)
        .where(and(eq(session.userId, me.id), gt(session.expiresAt, new Date()), ne(session.token, own)));
      const answer: Account = { ...(await signInMethods(me.id)), otherSessions: others?.n ?? 0 };
      return c.json(answer);
    })
    .delete('/', async (c) => {
      const input = await readJson(c, DeleteAccountInputSchema);
      if (!input.ok) return input.response;
      const me = c.get('user');

      if ((await signInMethods(me.id)).hasPassword) {
        if (!input.value.password) {
          return jsonError(c, 400, 'PASSWORD_REQUIRED', ACCOUNT_MESSAGES.deletePasswordRequired);
        }
        // Sign-in's budget for password guesses, per account and per address, shared with change-password.
        const limited = await refuseOverBudget(
          c,
          db,
          passwordCheckKeys(me.id, clientIp(c, config.trustProxy)),
          { windowSeconds: 60, max: config.authRateLimitMax },
          ACCOUNT_MESSAGES.passwordTooManyAttempts,
        );
        if (limited) return limited;
        // Better Auth's own check of the session's password (its hashing, its length rule).
        const checked = await auth.api
          .verifyPassword({ body: { password: input.value.password }, headers: c.req.raw.headers })
          .then(
            () => true,
            (error: unknown) => {
              if (error instanceof APIError) return false;
              throw error;
            },
          );
        if (!checked) return jsonError(c, 400, 'INVALID_PASSWORD', ACCOUNT_MESSAGES.deletePasswordWrong);
      } else if (!confirmsDeletion(input.value.confirmation ?? '', me.email)) {
        return jsonError(c, 400, 'CONFIRMATION_MISMATCH', ACCOUNT_MESSAGES.deleteConfirmationWrong);
      }

      // One transaction: the user row goes, with their memberships; a studio they alone are in goes too, with
      // every row of its games (each table cascades from the studio). A studio others are in stays, and needs
      // another owner first. Locking the user row first makes a game created at this moment wait and fail, so
      // the list of games whose files are removed below is complete.
      const outcome = await db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, me.id)).for('update');
        const alone: string[] = [];
        const orphaned: string[] = [];
        for (const membership of await membershipsOf(tx, me.id)) {
          const others = await tx
            .select({ role: studioMember.role })
            .from(studioMember)
            .where(and(eq(studioMember.organizationId, membership.studioId), ne(studioMember.userId, me.id)));
          if (others.length === 0) alone.push(membership.studioId);
          else if (membership.role === 'owner' && !others.some((o) => o.role === 'owner')) {
            orphaned.push(membership.name);
          }
        }
        if (orphaned.length) return { refused: orphaned, gameIds: [] };
        const games = alone.length
          ? await tx.select({ id: game.id }).from(game).where(inArray(game.ownerId, alone))
          : [];
        // Outstanding reset links name the user by id; they would point at nobody.
        await tx.delete(verification).where(eq(verification.value, me.id));
        if (alone.length) await tx.delete(studio).where(inArray(studio.id, alone));
        await tx.delete(user).where(eq(user.id, me.id));
        return { refused: [], gameIds: games.map((g) => g.id) };
      });
      if (outcome.refused.length) {
        return jsonError(c, 409, 'LAST_OWNER', ACCOUNT_MESSAGES.deleteLastOwner(outcome.refused));
      }
      const { gameIds } = outcome;

      // Only now, with the rows gone for good, the bytes: nothing is ever left pointing at missing files.
      const files = await removeGameFiles(gameIds, { storage, logger, reason: `account ${me.id} deleted` });
      logger.info(`account ${me.id} deleted: ${gameIds.length} games, ${files.removed} stored files removed`);
      await auth.forgetSessionsOf(me.id);
      await liveEvents.publish(me.id, { topic: 'account' });
      await expireAuthCookies(c, auth);
      return c.json({ deleted: true });
    });
}
