import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  confirmsGameDeletion,
  CreateGameInputSchema,
  DEFAULT_GAME_THEME,
  DeleteGameInputSchema,
  DuplicateGameInputSchema,
  GAME_MESSAGES,
  gameCopyName,
  sdkKeyFromRandom,
  UpdateGameInputSchema,
  UpdateOrientationInputSchema,
  UpdateThemeInputSchema,
  type Game,
} from '@liveops/domain/games';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { game } from '../db/schema';
import { gamesOf, ownedGame } from './game-scope';
import { refuseOverQuota, QuotaError, type Quotas } from '../accounts/account-quotas';
import { jsonBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';
import { createListCache } from './list-cache';
import type { GameLocks } from '../db/game-lock';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';
import { copyGame, GameCopyError } from './game-copy';
import { removeGame } from './game-removal';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';

type GameRow = typeof game.$inferSelect;

/** A game as the dashboard sees it: never its server secret, which only its own reveal route answers. */
export function toGame(row: GameRow): Game {
  const { serverSecret: _secret, ...shown } = row;
  return { ...shown, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** A game's runtime server secret (decision 034): 256 random bits, hex, with a prefix that says what it is. */
export function newServerSecret(): string {
  return `ss_${randomBytes(32).toString('hex')}`;
}

export function newSdkKey(): string {
  const bytes = randomBytes(64);
  let i = 0;
  return sdkKeyFromRandom(() => (i < bytes.length ? bytes[i++]! : randomBytes(1)[0]!));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  storage: Storage;
  logger: Logger;
  /** Publishing's per-game locks: a deletion waits briefly for a running publish, then refuses. */
  locks: GameLocks;
  /** What copies and deletions write or remove in storage, recorded first (decision 026). */
  intents: StorageIntents;
  /** Per-account limits on games and stored bytes (decision 032). */
  quotas: Quotas;
};

/**
 * /api/games: the signed-in owner's games: list, create, read, edit, delete (its name typed as confirmation) and
 * duplicate (a staging copy); for the player runtime, regenerate the SDK key and reveal or rotate the server secret
 * (decision 035). Another owner's game answers exactly like a missing one.
 */
export function gamesRoutes({ auth, db, liveEvents, storage, logger, locks, intents, quotas }: Deps) {
  const lists = createListCache(liveEvents);
  const ownGame = (ownerId: string, id: string) => and(ownedGame({ gameId: id, ownerId }), eq(game.enabled, true));

  return new Hono<AuthedEnv>()
    .use(...jsonBody, requireVerifiedUser(auth))
    .get('/', async (c) => {
      const ownerId = c.get('user').id;
      const json = await lists.get(ownerId, 'games', async () => {
        const rows = await db
          .select()
          .from(game)
          .where(and(gamesOf(ownerId), eq(game.enabled, true)))
          .orderBy(asc(game.createdAt), asc(game.id));
        return rows.map(toGame);
      });
      return c.body(json, 200, { 'Content-Type': 'application/json' });
    })
    .post('/', async (c) => {
      const input = await readJson(c, CreateGameInputSchema);
      if (!input.ok) return input.response;
      const user = c.get('user');
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db.transaction(async (tx) => {
            const refusal = await refuseOverQuota(tx, user.id, quotas, { games: 1 });
            if (refusal) throw new QuotaError(refusal);
            const [inserted] = await tx
              .insert(game)
              .values({
                id: randomUUID(),
                ownerId: user.id,
                ...input.value,
                sdkKey: newSdkKey(),
                serverSecret: newServerSecret(),
                owner: user.name.trim() || user.email,
                theme: { ...DEFAULT_GAME_THEME },
              })
              .returning();
            if (!inserted) throw new Error('insert returned nothing');
            return inserted;
          });
          await liveEvents.publish(user.id, { topic: 'games', id: row.id });
          return c.json(toGame(row), 201);
        } catch (error) {
          if (error instanceof QuotaError) {
            const { status, code, message } = error.refusal;
            return jsonError(c, status, code, message);
          }
          // 62^16 keys make a collision all but impossible; the unique constraint still has the last word.
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
      }
    })
    .get('/:id', async (c) => {
      const [row] = await db
        .select()
        .from(game)
        .where(ownGame(c.get('user').id, c.req.param('id')));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      return c.json(toGame(row));
    })
    .patch('/:id', async (c) => {
      // Any of the details, the orientation, the theme and the signed player ids switch, in one UPDATE: Game
      // Profile's one save stores all it changed or nothing (decision 055). The two routes below stay for API users.
      const input = await readJson(c, UpdateGameInputSchema);
      if (!input.ok) return input.response;
      return update(c.get('user').id, c.req.param('id'), input.value, c);
    })
    .delete('/:id', async (c) => {
      const input = await readJson(c, DeleteGameInputSchema);
      if (!input.ok) return input.response;
      const ownerId = c.get('user').id;
      const [row] = await db
        .select()
        .from(game)
        .where(ownGame(ownerId, c.req.param('id')));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      if (!confirmsGameDeletion(input.value.confirmation, row.name)) {
        return jsonError(c, 400, 'CONFIRMATION_MISMATCH', GAME_MESSAGES.deleteConfirmationWrong);
      }
      const removal = await removeGame({ db, storage, logger, locks, intents }, { gameId: row.id, ownerId });
      if (removal.outcome === 'busy') return jsonError(c, 409, 'PUBLISH_IN_PROGRESS', GAME_MESSAGES.deleteBusy);
      if (removal.outcome === 'not-found') return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      // Every view of the game's records hears of it too: an open UI editor of one of its configs says the config
      // is gone instead of keeping an editor whose save can only fail.
      for (const topic of ['games', 'dailyRewards', 'releases'] as const) {
        await liveEvents.publish(ownerId, { topic, id: row.id });
      }
      // Stored files that could not be removed are logged by name; the rows are gone either way.
      return c.json({ deleted: true, id: row.id, filesRemoved: removal.files.removed });
    })
    .post('/:id/duplicate', async (c) => {
      const input = await readJson(c, DuplicateGameInputSchema);
      if (!input.ok) return input.response;
      const user = c.get('user');
      const [source] = await db
        .select()
        .from(game)
        .where(ownGame(user.id, c.req.param('id')));
      if (!source) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      let row: GameRow;
      try {
        row = await copyGame({ db, storage, logger, intents }, source, {
          name: input.value.name ?? gameCopyName(source.name),
          owner: user.name.trim() || user.email,
          sdkKey: newSdkKey,
          serverSecret: newServerSecret,
          quotas,
        });
      } catch (error) {
        if (error instanceof GameCopyError) return jsonError(c, error.status, error.code, error.message);
        throw error;
      }
      await liveEvents.publish(user.id, { topic: 'games', id: row.id });
      return c.json(toGame(row), 201);
    })
    .patch('/:id/orientation', async (c) => {
      const input = await readJson(c, UpdateOrientationInputSchema);
      if (!input.ok) return input.response;
      return update(c.get('user').id, c.req.param('id'), { orientation: input.value.orientation }, c);
    })
    .patch('/:id/theme', async (c) => {
      const input = await readJson(c, UpdateThemeInputSchema);
      if (!input.ok) return input.response;
      return update(c.get('user').id, c.req.param('id'), { theme: input.value.theme }, c);
    })
    .post('/:id/sdk-key', async (c) => {
      // A new SDK key: builds shipping the old one stop reaching the runtime, and every player token of the game
      // dies with it (tokens carry a tag of the key; the runtime's cache of the game empties on the live event).
      const ownerId = c.get('user').id;
      for (let attempt = 0; ; attempt++) {
        try {
          return await update(ownerId, c.req.param('id'), { sdkKey: newSdkKey() }, c);
        } catch (error) {
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
      }
    })
    .get('/:id/server-secret', async (c) => {
      // The server secret only travels in this answer and the rotation's, each asked for on its own (decision 035).
      const [row] = await db
        .select({ serverSecret: game.serverSecret })
        .from(game)
        .where(ownGame(c.get('user').id, c.req.param('id')));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      c.header('Cache-Control', 'no-store');
      return c.json({ serverSecret: row.serverSecret });
    })
    .post('/:id/server-secret', async (c) => {
      const ownerId = c.get('user').id;
      const [row] = await db
        .update(game)
        .set({ serverSecret: newServerSecret(), updatedAt: new Date() })
        .where(ownGame(ownerId, c.req.param('id')))
        .returning({ id: game.id, serverSecret: game.serverSecret });
      if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      // Every tab showing the secret, and the runtime's cache of the game on every instance, hear of it.
      await liveEvents.publish(ownerId, { topic: 'games', id: row.id });
      c.header('Cache-Control', 'no-store');
      return c.json({ serverSecret: row.serverSecret });
    });

  async function update(
    ownerId: string,
    id: string,
    values: Partial<
      Pick<
        GameRow,
        'orientation' | 'theme' | 'name' | 'description' | 'platforms' | 'requireSignedPlayerIds' | 'sdkKey'
      >
    >,
    c: Parameters<typeof jsonError>[0],
  ) {
    const [row] = await db
      .update(game)
      .set({ ...values, updatedAt: new Date() })
      .where(ownGame(ownerId, id))
      .returning();
    if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
    await liveEvents.publish(ownerId, { topic: 'games', id: row.id });
    return c.json(toGame(row));
  }
}
