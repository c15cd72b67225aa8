import { Hono, type Context } from 'hono';
import { PLAYER_LEDGER_PAGE, PLAYER_MESSAGES, SupportActionInputSchema } from '@liveops/domain/players';
import { IdempotencyKeySchema, LedgerQuerySchema } from '@liveops/domain/runtime-api';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { requireOwnGame, requirePermission, type GameScopeEnv } from '../games/game-scope';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { jsonBody } from '../http/request-body';
import { doSupportAction } from './player-support-actions';
import { findGamePlayer, playerLedger, playerProfile } from './players';

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  /** The server's clock, the runtime's own (tests inject one): a player's day is decided on it. */
  now: () => number;
};

/**
 * /api/games/:gameId/players (decision 043): a player of the game looked up by the game's own id,
 * and the support actions on them. Owner-only like every game route: another owner's game answers 404 before any
 * handler runs, and a player is only ever looked up inside the game of the path. Each support action publishes the
 * `players` live event after its write, so every open Players tab of the owner shows it.
 */
export function playersRoutes({ auth, db, liveEvents, now }: Deps) {
  const notFound = (c: Context) => jsonError(c, 404, 'PLAYER_NOT_FOUND', PLAYER_MESSAGES.notFound);

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/:playerId', requirePermission('players.read'), async (c) => {
      const scope = c.get('scope');
      const found = await findGamePlayer(db, scope, c.req.param('playerId'));
      if (!found) return notFound(c);
      return c.json(await playerProfile(db, scope, found, now(), PLAYER_LEDGER_PAGE));
    })
    .get('/:playerId/ledger', requirePermission('players.read'), async (c) => {
      const scope = c.get('scope');
      const query = LedgerQuerySchema.safeParse({ limit: c.req.query('limit'), before: c.req.query('before') });
      if (!query.success) {
        const message = query.error.issues[0]?.message ?? 'Invalid query.';
        return jsonError(c, 400, 'VALIDATION_ERROR', message);
      }
      const found = await findGamePlayer(db, scope, c.req.param('playerId'));
      if (!found) return notFound(c);
      return c.json(
        await playerLedger(db, scope, found.id, query.data.limit ?? PLAYER_LEDGER_PAGE, query.data.before ?? null),
      );
    })
    .post('/:playerId/support-actions', requirePermission('players.act'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      // The player first: another game's or owner's player answers 404 whatever the body.
      const found = await findGamePlayer(db, scope, c.req.param('playerId'));
      if (!found) return notFound(c);
      const input = await readJson(c, SupportActionInputSchema);
      if (!input.ok) return input.response;
      const key = IdempotencyKeySchema.safeParse(c.req.header('idempotency-key'));
      if (!key.success) {
        return jsonError(c, 400, 'IDEMPOTENCY_KEY_REQUIRED', PLAYER_MESSAGES.idempotencyKeyRequired);
      }
      const user = c.get('user');
      const outcome = await doSupportAction(db, scope, found, input.value, {
        actor: { userId: user.id, email: user.email },
        idempotencyKey: key.data,
        now: now(),
      });
      switch (outcome.kind) {
        case 'config-not-found':
          return jsonError(c, 404, 'NOT_FOUND', PLAYER_MESSAGES.configNotFound);
        case 'pack-not-found':
          return jsonError(c, 404, 'NOT_FOUND', PLAYER_MESSAGES.packNotFound);
        case 'pack-empty':
          return jsonError(c, 409, 'PACK_EMPTY', PLAYER_MESSAGES.packEmpty);
        case 'key-reused':
          return jsonError(c, 422, 'IDEMPOTENCY_KEY_REUSED', PLAYER_MESSAGES.idempotencyKeyReused);
        case 'done':
          if (!outcome.replayed) await liveEvents.publish(scope.ownerId, { topic: 'players', id: found.playerId });
          return c.json({ action: outcome.action, replayed: outcome.replayed }, outcome.replayed ? 200 : 201);
      }
    });
}
