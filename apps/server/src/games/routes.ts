import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
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
import { gamesOf, ownedGame, reachableGame, type GameScope } from './game-scope';
import { createPersonalStudio } from '../studios/studios';
import type { MembershipCache } from '../studios/membership-cache';
import { cannotReason, type Permission, type StudioRole } from '@liveops/domain/teams';
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
  /** Which studios a person is in, kept in memory (decision 065). */
  memberships: MembershipCache;
};

/**
 * /api/games: the signed-in owner's games: list, create, read, edit, delete (its name typed as confirmation) and
 * duplicate (a staging copy); for the player runtime, regenerate the SDK key and reveal or rotate the server secret
 * (decision 035). Another owner's game answers exactly like a missing one.
 */
export function gamesRoutes({ auth, db, liveEvents, storage, logger, locks, intents, quotas, memberships }: Deps) {
  /** A studio of their own for someone in none; what was kept of their studios is forgotten on every instance. */
  const newStudio = async (user: { id: string; name: string; email: string }) => {
    const id = await createPersonalStudio(db, user);
    await auth.forgetSessionsOf(user.id);
    return id;
  };
  const lists = createListCache(liveEvents);
  const ownGame = (scope: GameScope) => and(ownedGame(scope), eq(game.enabled, true));
  /** The game of the address, when the signed-in user is a member of its studio. */
  const reach = (c: Context<AuthedEnv>) => reachableGame(db, c.get('user').id, c.req.param('id') ?? '');
  /** A 403 with the reason when the member's role lacks one of the rights (docs/teams.md), else null. */
  const forbid = (c: Context<AuthedEnv>, role: StudioRole | undefined, ...needed: Permission[]) => {
    for (const permission of needed) {
      const reason = role && cannotReason(role, permission);
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
    }
    return null;
  };

  return new Hono<AuthedEnv>()
    .use(...jsonBody, requireVerifiedUser(auth))
    .get('/', async (c) => {
      const { active } = await memberships.active(c.get('user').id, c.get('chosenStudioId'));
      if (!active) return c.json([]);
      const denied = forbid(c, active.role, 'games.read');
      if (denied) return denied;
      const ownerId = active.studioId;
      const json = await lists.get(ownerId, 'games', async () => {
        const rows = await db
          .select()
          .from(game)
          .where(and(gamesOf(ownerId), eq(game.enabled, true)))
          .orderBy(asc(game.createdAt), asc(game.id));
        return rows.map(toGame);
      });
      // A member limited to some games sees only those (the list is kept whole for the studio).
      const limitedTo = active.gameIds;
      if (limitedTo) {
        const shown = (JSON.parse(json) as Game[]).filter((g) => limitedTo.includes(g.id));
        return c.json(shown);
      }
      return c.body(json, 200, { 'Content-Type': 'application/json' });
    })
    .post('/', async (c) => {
      const user = c.get('user');
      // Someone who left every studio gets one of their own again.
      const { active } = await memberships.active(user.id, c.get('chosenStudioId'));
      const denied = forbid(c, active?.role, 'games.create');
      if (denied) return denied;
      const input = await readJson(c, CreateGameInputSchema);
      if (!input.ok) return input.response;
      const ownerId = active?.studioId ?? (await newStudio(user));
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db.transaction(async (tx) => {
            const refusal = await refuseOverQuota(tx, ownerId, quotas, { games: 1 });
            if (refusal) throw new QuotaError(refusal);
            const [inserted] = await tx
              .insert(game)
              .values({
                id: randomUUID(),
                ownerId,
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
          await liveEvents.publish(ownerId, { topic: 'games', id: row.id });
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
      const scope = await reach(c);
      if (!scope) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const denied = forbid(c, scope.role, 'games.read');
      if (denied) return denied;
      const [row] = await db.select().from(game).where(ownGame(scope));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      return c.json(toGame(row));
    })
    .patch('/:id', async (c) => {
      // Any of the details, the orientation, the theme and the signed player ids switch, in one UPDATE: Game
      // Profile's one save stores all it changed or nothing (decision 055). The two routes below stay for API users.
      const input = await readJson(c, UpdateGameInputSchema);
      if (!input.ok) return input.response;
      const scope = await reach(c);
      const { requireSignedPlayerIds, ...profile } = input.value;
      const needed: Permission[] = [
        ...(Object.keys(profile).length ? (['games.settings'] as const) : []),
        ...(requireSignedPlayerIds === undefined ? [] : (['runtime.settings'] as const)),
      ];
      return forbid(c, scope?.role, ...needed) ?? update(scope, input.value, c);
    })
    .delete('/:id', async (c) => {
      // The game, then the right, then the body: a member refused learns nothing about what they sent.
      const scope = await reach(c);
      const [row] = scope ? await db.select().from(game).where(ownGame(scope)) : [];
      if (!scope || !row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const denied = forbid(c, scope.role, 'games.delete');
      if (denied) return denied;
      const input = await readJson(c, DeleteGameInputSchema);
      if (!input.ok) return input.response;
      const ownerId = scope.ownerId;
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
      const user = c.get('user');
      const scope = await reach(c);
      const [source] = scope ? await db.select().from(game).where(ownGame(scope)) : [];
      if (!source) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const denied = forbid(c, scope?.role, 'games.create');
      if (denied) return denied;
      const input = await readJson(c, DuplicateGameInputSchema);
      if (!input.ok) return input.response;
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
      await liveEvents.publish(row.ownerId, { topic: 'games', id: row.id });
      return c.json(toGame(row), 201);
    })
    .patch('/:id/orientation', async (c) => {
      const scope = await reach(c);
      if (!scope) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const denied = forbid(c, scope.role, 'games.settings');
      if (denied) return denied;
      const input = await readJson(c, UpdateOrientationInputSchema);
      if (!input.ok) return input.response;
      return update(scope, { orientation: input.value.orientation }, c);
    })
    .patch('/:id/theme', async (c) => {
      const scope = await reach(c);
      if (!scope) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const denied = forbid(c, scope.role, 'games.settings');
      if (denied) return denied;
      const input = await readJson(c, UpdateThemeInputSchema);
      if (!input.ok) return input.response;
      return update(scope, { theme: input.value.theme }, c);
    })
    .post('/:id/sdk-key', async (c) => {
      // A new SDK key: builds shipping the old one stop reaching the runtime, and every player token of the game
      // dies with it (tokens carry a tag of the key; the runtime's cache of the game empties on the live event).
      const scope = await reach(c);
      const denied = forbid(c, scope?.role, 'runtime.settings');
      if (denied) return denied;
      for (let attempt = 0; ; attempt++) {
        try {
          return await update(scope, { sdkKey: newSdkKey() }, c);
        } catch (error) {
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
      }
    })
    .get('/:id/server-secret', async (c) => {
      // The server secret only travels in this answer and the rotation's, each asked for on its own (decision 035).
      const scope = await reach(c);
      const denied = forbid(c, scope?.role, 'secrets.read');
      if (denied) return denied;
      const [row] = scope ? await db.select({ serverSecret: game.serverSecret }).from(game).where(ownGame(scope)) : [];
      if (!row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      c.header('Cache-Control', 'no-store');
      return c.json({ serverSecret: row.serverSecret });
    })
    .post('/:id/server-secret', async (c) => {
      const scope = await reach(c);
      const denied = forbid(c, scope?.role, 'runtime.settings');
      if (denied) return denied;
      const [row] = scope
        ? await db
            .update(game)
            .set({ serverSecret: newServerSecret(), updatedAt: new Date() })
            .where(ownGame(scope))
            .returning({ id: game.id, serverSecret: game.serverSecret })
        : [];
      if (!scope || !row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      // Every tab showing the secret, and the runtime's cache of the game on every instance, hear of it.
      await liveEvents.publish(scope.ownerId, { topic: 'games', id: row.id });
      c.header('Cache-Control', 'no-store');
      return c.json({ serverSecret: row.serverSecret });
    });

  async function update(
    scope: GameScope | null,
    values: Partial<
      Pick<
        GameRow,
        'orientation' | 'theme' | 'name' | 'description' | 'platforms' | 'requireSignedPlayerIds' | 'sdkKey'
      >
    >,
    c: Parameters<typeof jsonError>[0],
  ) {
    const [row] = scope
      ? await db
          .update(game)
          .set({ ...values, updatedAt: new Date() })
          .where(ownGame(scope))
          .returning()
      : [];
    if (!scope || !row) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
    await liveEvents.publish(scope.ownerId, { topic: 'games', id: row.id });
    return c.json(toGame(row));
  }
}
