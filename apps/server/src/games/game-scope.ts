import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
      .where(and(ownedGame({ gameId: c.req.param('gameId') ?? '', ownerId }), eq(game.enabled, true)));
    if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
    c.set('scope', { gameId: row.id, ownerId });
    await next();
  });
  return [verified, ownGame] as const;
}

/*
 * The owner filters: every dashboard query finds its rows through these, never a hand-written owner `where`, so
 * what a scope is (today the signed-in owner; with teams, a team and a role) changes here alone. Another owner's
 * rows match exactly as missing ones do.
 */

/** A table whose rows belong to a game and its owner (the schema's ownedByGame columns). */
type OwnedByGame = { gameId: AnyPgColumn; ownerId: AnyPgColumn };

/** The scope's own game: the game row itself. */
export const ownedGame = (scope: GameScope): SQL | undefined =>
  and(eq(game.id, scope.gameId), eq(game.ownerId, scope.ownerId));

/** All of an owner's games (the games list, quotas, removing an account). */
export const gamesOf = (ownerId: string): SQL => eq(game.ownerId, ownerId);

/** The rows of a game's table that are in the scope's game. */
export const inScope = (table: OwnedByGame, scope: GameScope): SQL | undefined =>
  and(eq(table.gameId, scope.gameId), eq(table.ownerId, scope.ownerId));

/** The rows of a game's table that an owner holds in any of their games (quotas, a row reached by its id alone). */
export const ownedBy = (table: OwnedByGame, ownerId: string): SQL => eq(table.ownerId, ownerId);
