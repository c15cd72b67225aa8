import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { GAME_MESSAGES, SEGMENT_MESSAGES, type Segment } from '@liveops/domain';
import { CreateSegmentInputSchema } from '@liveops/domain/segment-expression';
import type { Auth } from '../auth';
import type { Db } from '../db/database';
import { segment } from '../db/schema';
import { jsonError, readJson } from '../lib/http';
import type { LiveEvents } from '../lib/live-events';
import { findOwnGameId } from '../lib/own-game';
import { requireVerifiedUser, type AuthedEnv } from '../lib/session';

type SegmentRow = typeof segment.$inferSelect;
const toSegment = (row: SegmentRow): Segment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents };

/** /api/games/:gameId/segments: list, read one, create (the expression must parse and type-check), delete. */
export function segmentsRoutes({ auth, db, liveEvents }: Deps) {
  const ownGameId = (c: Context<AuthedEnv>) => findOwnGameId(db, c.get('user').id, c.req.param('gameId') ?? '');
  const ownSegment = (gameId: string, ownerId: string, id: string) =>
    and(eq(segment.id, id), eq(segment.gameId, gameId), eq(segment.ownerId, ownerId), eq(segment.enabled, true));

  return new Hono<AuthedEnv>()
    .use(requireVerifiedUser(auth))
    .get('/', async (c) => {
      const gameId = await ownGameId(c);
      if (!gameId) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const rows = await db
        .select()
        .from(segment)
        .where(and(eq(segment.gameId, gameId), eq(segment.ownerId, c.get('user').id), eq(segment.enabled, true)))
        .orderBy(asc(segment.createdAt), asc(segment.id));
      return c.json(rows.map(toSegment));
    })
    .get('/:segmentId', async (c) => {
      const gameId = await ownGameId(c);
      if (!gameId) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const [row] = await db
        .select()
        .from(segment)
        .where(ownSegment(gameId, c.get('user').id, c.req.param('segmentId')));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
      return c.json(toSegment(row));
    })
    .post('/', async (c) => {
      const gameId = await ownGameId(c);
      if (!gameId) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const input = await readJson(c, CreateSegmentInputSchema);
      if (!input.ok) return input.response;
      const ownerId = c.get('user').id;
      const [row] = await db
        .insert(segment)
        .values({ id: randomUUID(), gameId, ownerId, ...input.value, logicType: 'CEL' })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
      return c.json(toSegment(row), 201);
    })
    .delete('/:segmentId', async (c) => {
      const gameId = await ownGameId(c);
      if (!gameId) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      const ownerId = c.get('user').id;
      const [row] = await db
        .delete(segment)
        .where(ownSegment(gameId, ownerId, c.req.param('segmentId')))
        .returning({ id: segment.id });
      if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
      await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
      return c.body(null, 204);
    });
}
