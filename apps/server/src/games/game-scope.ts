import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { cannotReason, type Permission, type StudioRole } from '@liveops/domain/teams';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { game, studioMember } from '../db/schema';
import { jsonError } from '../http/json';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';

/**
 * The game a request under /api/games/:gameId/… works in: its studio (the owner of its rows, `ownerId`) and the
 * signed-in member's role there (decision 064).
 */
export type GameScope = { gameId: string; ownerId: string; role: StudioRole };
export type GameScopeEnv = { Variables: AuthedEnv['Variables'] & { scope: GameScope } };

/** The studio and role of a game the user can reach, or null: a game of a studio they are not in, or none. */
export async function reachableGame(db: Db, userId: string, gameId: string): Promise<GameScope | null> {
  const [row] = await db
    .select({ id: game.id, ownerId: game.ownerId, role: studioMember.role })
    .from(game)
    .innerJoin(studioMember, and(eq(studioMember.organizationId, game.ownerId), eq(studioMember.userId, userId)))
    .where(and(eq(game.id, gameId), eq(game.enabled, true), memberReaches(game.id)));
  return row ? { gameId: row.id, ownerId: row.ownerId, role: row.role } : null;
}

/**
 * Guards every route under /api/games/:gameId/: a verified user, and an enabled game of a studio they are a
 * member of. Another studio's game answers exactly like a missing one, before any handler runs.
 */
export function requireOwnGame(auth: Auth, db: Db) {
  const verified = requireVerifiedUser(auth);
  const ownGame = createMiddleware<GameScopeEnv>(async (c, next) => {
    const scope = await reachableGame(db, c.get('user').id, c.req.param('gameId') ?? '');
    if (!scope) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
    c.set('scope', scope);
    await next();
  });
  return [verified, ownGame] as const;
}

/** The permission checks requirePermission made: how routesWithoutPermission recognises one in a route's chain. */
const permissionChecks = new WeakSet<MiddlewareHandler>();

/**
 * The right a route under /api/games/:gameId/ needs (docs/teams.md, "Routes"), declared at its registration:
 * `.post('/', requirePermission('content.edit'), ...jsonBody, handler)`. It runs after requireOwnGame, so another
 * studio's game is still answered as a missing one, and before the body is read, so a member refused learns nothing
 * about what they sent: a 403 with the sentence the dashboard shows beside the disabled control.
 */
export function requirePermission(permission: Permission): MiddlewareHandler<GameScopeEnv> {
  const check = createMiddleware<GameScopeEnv>(async (c, next) => {
    const reason = cannotReason(c.get('scope').role, permission);
    if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
    await next();
  });
  permissionChecks.add(check);
  return check;
}

/** A route as Hono lists it: one entry per handler or middleware of its chain. */
type ListedRoute = { method: string; path: string; handler: unknown };

/**
 * The routes under a game (a path with :gameId) whose chain has no requirePermission, as "METHOD /path". The app
 * refuses to start with any (app.ts), so a new route cannot forget to say who may call it.
 */
export function routesWithoutPermission(routes: readonly ListedRoute[]): string[] {
  const declared = new Set<string>();
  const served = new Set<string>();
  for (const { method, path, handler } of routes) {
    // Router-wide middleware (ALL …/*) is no route; the guards and body limits come that way.
    if (method === 'ALL' || !path.includes('/:gameId')) continue;
    const key = `${method} ${path}`;
    served.add(key);
    if (permissionChecks.has(handler as MiddlewareHandler)) declared.add(key);
  }
  return [...served].filter((key) => !declared.has(key)).sort();
}

/*
 * The owner filters: every dashboard query finds its rows through these, never a hand-written owner `where`. The
 * owner is the game's studio; the guards above decide who may act for it. Another studio's rows match exactly as
 * missing ones do.
 */

/** A table whose rows belong to a game and its owner (the schema's ownedByGame columns). */
type OwnedByGame = { gameId: AnyPgColumn; ownerId: AnyPgColumn };

/** The scope's own game: the game row itself. */
export const ownedGame = (scope: Pick<GameScope, 'gameId' | 'ownerId'>): SQL | undefined =>
  and(eq(game.id, scope.gameId), eq(game.ownerId, scope.ownerId));

/** All of a studio's games (the games list, quotas, removing a studio). */
export const gamesOf = (ownerId: string): SQL => eq(game.ownerId, ownerId);

/** The rows of a game's table that are in the scope's game. */
export const inScope = (table: OwnedByGame, scope: Pick<GameScope, 'gameId' | 'ownerId'>): SQL | undefined =>
  and(eq(table.gameId, scope.gameId), eq(table.ownerId, scope.ownerId));

/** The rows of a game's table that a studio holds in any of its games (quotas, a row reached by its id alone). */
export const ownedBy = (table: OwnedByGame, ownerId: string): SQL => eq(table.ownerId, ownerId);

/** A member limited to some games (their `game_ids`) reaches only those; one with none named reaches all. */
const memberReaches = (gameId: AnyPgColumn): SQL =>
  sql`(${studioMember.gameIds} is null or ${studioMember.gameIds} @> jsonb_build_array(${gameId}))`;

/** The rows of a game's table in a game the user reaches as a member of its studio (a record found by its id alone). */
export const reachableBy = (table: OwnedByGame, userId: string): SQL =>
  sql`exists (select 1 from ${studioMember} where ${studioMember.organizationId} = ${table.ownerId}
    and ${studioMember.userId} = ${userId} and ${memberReaches(table.gameId)})`;
