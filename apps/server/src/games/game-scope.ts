import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { GAME_MESSAGES } from '@liveops/domain/games';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { game } from '../db/schema';
import { jsonError } from '../http/json';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';

/** The game a request under /api/games/:gameId/… works in, and its owner: the signed-in user. */
export type GameScope = { gameId: string; ownerId: string };
export type GameScopeEnv = { Variables: AuthedEnv['Variables'] & { scope: GameScope } };

/**
 * Guards every route under /api/games/:gameId/: a verified user, and a game of theirs that is enabled.
 * Another owner's game answers exactly like a missing one, before any handler runs.
 */
export function requireOwnGame(auth: Auth, db: Db) {
  const verified = requireVerifiedUser(auth);
  const ownGame = createMiddleware<GameScopeEnv>(async (c, next) => {
    const ownerId = c.get('user').id;
    const [row] = await db
      .select({ id: game.id })
      .from(game)
      .where(and(eq(game.id, c.req.param('gameId') ?? ''), eq(game.ownerId, ownerId), eq(game.enabled, true)));
    if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
    c.set('scope', { gameId: row.id, ownerId });
    await next();
  });
  return [verified, ownGame] as const;
}
