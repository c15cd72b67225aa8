import { Hono } from 'hono';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { UpdateCustomAttributesInputSchema, type CustomAttributeDeclarations } from '@liveops/domain/segments';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { requireOwnGame, requirePermission, type GameScopeEnv } from '../games/game-scope';
import { jsonBody } from '../http/request-body';
import { customAttributesOf, replaceCustomAttributes } from './custom-attributes';

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents };

/**
 * /api/games/:gameId/custom-attributes: the player attributes a studio declares for the game's segments (decision 039).
 * A PUT replaces the list; it is refused (409, naming the segment) while a segment of the game would
 * no longer check with it.
 */
export function customAttributesRoutes({ auth, db, liveEvents }: Deps) {
  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => {
      const customAttributes = await customAttributesOf(db, c.get('scope').gameId);
      return c.json({ customAttributes } satisfies CustomAttributeDeclarations);
    })
    .put('/', requirePermission('runtime.settings'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const input = await readJson(c, UpdateCustomAttributesInputSchema);
      if (!input.ok) return input.response;
      const saved = await replaceCustomAttributes(db, scope, input.value.customAttributes);
      if (!saved) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      if (!saved.ok) return jsonError(c, 409, 'ATTRIBUTE_IN_USE', saved.message);
      // The segments tab shows the list, the game's record holds it, and the runtime's cache of the game (on every
      // instance) hears of either.
      for (const topic of ['segments', 'games'] as const) {
        await liveEvents.publish(scope.ownerId, { topic, id: scope.gameId });
      }
      return c.json({ customAttributes: saved.customAttributes } satisfies CustomAttributeDeclarations);
    });
}
