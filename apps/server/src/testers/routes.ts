import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  CreateTestPlayerInputSchema,
  TEST_PLAYER_MESSAGES,
  TEST_PLAYER_SIGNATURE_TTL_SECONDS,
  TEST_PLAYERS_PER_GAME_MAX,
  TestPlayerConfigInputSchema,
  UpdateTestPlayerInputSchema,
} from '@liveops/domain/players';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { game, testPlayer } from '../db/schema';
import { databaseErrorCode } from '../db/database-errors';
import {
  inScope,
  ownedGame,
  requireOwnGame,
  requirePermission,
  type GameScope,
  type GameScopeEnv,
} from '../games/game-scope';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { jsonBody } from '../http/request-body';
import {
  advanceToNextDay,
  configDayStart,
  findTestPlayer,
  listTestPlayers,
  ownTestPlayer,
  presentTestPlayer,
  resetProgress,
} from './test-players';
import { signPlayerId } from '../runtime/tokens';

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  /** The server's clock, the runtime's own (tests inject one): a tester's offset is counted from it. */
  now: () => number;
};

/**
 * /api/games/:gameId/test-players (decision 040): the game's test players, their clocks ("Next day") and
 * progress ("Reset progress"), and a signed player id for the Emulator's sign-in. Owner-only like every game route;
 * /v1 has no way to reach any of it. Every change of an offset publishes the `testPlayers` live event after its
 * write: the runtime's game caches drop the game on every instance, so the next request of the tester follows it.
 */
export function testPlayersRoutes({ auth, db, liveEvents, now }: Deps) {
  const changed = (scope: GameScope, id: string) => liveEvents.publish(scope.ownerId, { topic: 'testPlayers', id });
  const duplicate = (c: Context) => jsonError(c, 409, 'DUPLICATE_TEST_PLAYER', TEST_PLAYER_MESSAGES.duplicate);
  const notFound = (c: Context) => jsonError(c, 404, 'NOT_FOUND', TEST_PLAYER_MESSAGES.notFound);

  /** The tester and the config of a "Next day" or "Reset progress", or the answer refusing them. */
  async function testerAndConfig(c: Context<GameScopeEnv>) {
    const scope = c.get('scope');
    // The tester first: another owner's tester id answers 404 whatever the body.
    const tester = await findTestPlayer(db, scope, c.req.param('testPlayerId') ?? '');
    if (!tester) return { ok: false as const, response: notFound(c) };
    const input = await readJson(c, TestPlayerConfigInputSchema);
    if (!input.ok) return input;
    const dayStart = await configDayStart(db, scope, input.value.configId);
    if (!dayStart) {
      return { ok: false as const, response: jsonError(c, 404, 'NOT_FOUND', TEST_PLAYER_MESSAGES.configNotFound) };
    }
    return { ok: true as const, scope, tester, configId: input.value.configId, dayStart };
  }

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => c.json(await listTestPlayers(db, c.get('scope'))))
    .post('/', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const input = await readJson(c, CreateTestPlayerInputSchema);
      if (!input.ok) return input.response;
      const [held] = await db.select({ n: count() }).from(testPlayer).where(inScope(testPlayer, scope));
      if ((held?.n ?? 0) >= TEST_PLAYERS_PER_GAME_MAX) {
        return jsonError(c, 409, 'TEST_PLAYER_LIMIT', TEST_PLAYER_MESSAGES.tooMany);
      }
      try {
        const [row] = await db
          .insert(testPlayer)
          .values({ id: randomUUID(), ...scope, ...input.value })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await changed(scope, row.id);
        return c.json(presentTestPlayer(row), 201);
      } catch (error) {
        if (databaseErrorCode(error) === '23505') return duplicate(c);
        throw error;
      }
    })
    .patch('/:testPlayerId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const input = await readJson(c, UpdateTestPlayerInputSchema);
      if (!input.ok) return input.response;
      try {
        const [row] = await db
          .update(testPlayer)
          .set({ ...input.value, updatedAt: new Date() })
          .where(ownTestPlayer(scope, c.req.param('testPlayerId')))
          .returning();
        if (!row) return notFound(c);
        await changed(scope, row.id);
        return c.json(presentTestPlayer(row));
      } catch (error) {
        if (databaseErrorCode(error) === '23505') return duplicate(c);
        throw error;
      }
    })
    .delete('/:testPlayerId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const [row] = await db
        .delete(testPlayer)
        .where(ownTestPlayer(scope, c.req.param('testPlayerId')))
        .returning({ id: testPlayer.id });
      if (!row) return notFound(c);
      await changed(scope, row.id);
      return c.body(null, 204);
    })
    .post('/:testPlayerId/next-day', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const found = await testerAndConfig(c);
      if (!found.ok) return found.response;
      const serverNow = now();
      const row = await advanceToNextDay(db, found.tester, found.dayStart, serverNow);
      if (!row) return jsonError(c, 409, 'CLOCK_LIMIT', TEST_PLAYER_MESSAGES.nextDayTooFar);
      await changed(found.scope, row.id);
      return c.json({ testPlayer: presentTestPlayer(row), serverTime: new Date(serverNow).toISOString() });
    })
    .post('/:testPlayerId/reset', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const found = await testerAndConfig(c);
      if (!found.ok) return found.response;
      const reset = await resetProgress(db, found.tester, found.configId, found.dayStart, now());
      return c.json({ reset });
    })
    .post('/:testPlayerId/signature', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const tester = await findTestPlayer(db, scope, c.req.param('testPlayerId'));
      if (!tester) return notFound(c);
      const [row] = await db.select({ secret: game.serverSecret }).from(game).where(ownedGame(scope));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', TEST_PLAYER_MESSAGES.notFound);
      const expiresAt = Math.floor(now() / 1000) + TEST_PLAYER_SIGNATURE_TTL_SECONDS;
      return c.json({
        playerSignature: signPlayerId(tester.playerId, row.secret, expiresAt),
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      });
    });
}
