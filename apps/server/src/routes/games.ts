import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CreateGameInputSchema,
  DEFAULT_GAME_THEME,
  GAME_MESSAGES,
  sdkKeyFromRandom,
  UpdateOrientationInputSchema,
  UpdateThemeInputSchema,
  type Game,
} from '@liveops/domain';
import type { Auth } from '../auth';
import type { Db } from '../db/database';
import { game } from '../db/schema';
import { jsonBody } from '../lib/request-body';
import { jsonError, readJson } from '../lib/http';
import { createListCache } from '../lib/list-cache';
import type { LiveEvents } from '../lib/live-events';
import { requireVerifiedUser, type AuthedEnv } from '../lib/session';

type GameRow = typeof game.$inferSelect;

export function toGame(row: GameRow): Game {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
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

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents };

/** /api/games: the signed-in owner's games. Another owner's game answers exactly like a missing one. */
export function gamesRoutes({ auth, db, liveEvents }: Deps) {
  const lists = createListCache(liveEvents);
  const ownGame = (ownerId: string, id: string) =>
    and(eq(game.id, id), eq(game.ownerId, ownerId), eq(game.enabled, true));

  return new Hono<AuthedEnv>()
    .use(...jsonBody, requireVerifiedUser(auth))
    .get('/', async (c) => {
      const ownerId = c.get('user').id;
      const json = await lists.get(ownerId, 'games', async () => {
        const rows = await db
          .select()
          .from(game)
          .where(and(eq(game.ownerId, ownerId), eq(game.enabled, true)))
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
          const [row] = await db
            .insert(game)
            .values({
              id: randomUUID(),
              ownerId: user.id,
              ...input.value,
              sdkKey: newSdkKey(),
              owner: user.name?.trim() || user.email,
              theme: { ...DEFAULT_GAME_THEME },
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await liveEvents.publish(user.id, { topic: 'games', id: row.id });
          return c.json(toGame(row), 201);
        } catch (error) {
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
    .patch('/:id/orientation', async (c) => {
      const input = await readJson(c, UpdateOrientationInputSchema);
      if (!input.ok) return input.response;
      return update(c.get('user').id, c.req.param('id'), { orientation: input.value.orientation }, c);
    })
    .patch('/:id/theme', async (c) => {
      const input = await readJson(c, UpdateThemeInputSchema);
      if (!input.ok) return input.response;
      return update(c.get('user').id, c.req.param('id'), { theme: input.value.theme }, c);
    });

  async function update(
    ownerId: string,
    id: string,
    values: Partial<Pick<GameRow, 'orientation' | 'theme'>>,
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
