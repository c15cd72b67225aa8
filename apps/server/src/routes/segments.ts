import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { SEGMENT_MESSAGES, type Segment } from '@liveops/domain';
import { CreateSegmentInputSchema, UpdateSegmentInputSchema } from '@liveops/domain/segment-expression';
import type { Auth } from '../auth';
import type { Db } from '../db/database';
import { segment } from '../db/schema';
import { jsonBody } from '../lib/request-body';
import { jsonError, readJson } from '../lib/http';
import type { LiveEvents } from '../lib/live-events';
import { requireOwnGame, type GameScopeEnv } from '../lib/game-scope';

type SegmentRow = typeof segment.$inferSelect;
const toSegment = (row: SegmentRow): Segment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents };

/**
 * /api/games/:gameId/segments: list, read one, create and edit (the expression must parse and type-check),
 * delete.
 */
export function segmentsRoutes({ auth, db, liveEvents }: Deps) {
  const ownSegment = (gameId: string, ownerId: string, id: string) =>
    and(eq(segment.id, id), eq(segment.gameId, gameId), eq(segment.ownerId, ownerId), eq(segment.enabled, true));

  return new Hono<GameScopeEnv>()
    .use(...jsonBody, ...requireOwnGame(auth, db))
    .get('/', async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const rows = await db
        .select()
        .from(segment)
        .where(and(eq(segment.gameId, gameId), eq(segment.ownerId, ownerId), eq(segment.enabled, true)))
        .orderBy(asc(segment.createdAt), asc(segment.id));
      return c.json(rows.map(toSegment));
    })
    .get('/:segmentId', async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const [row] = await db
        .select()
        .from(segment)
        .where(ownSegment(gameId, ownerId, c.req.param('segmentId')));
      if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
      return c.json(toSegment(row));
    })
    .post('/', async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const input = await readJson(c, CreateSegmentInputSchema);
      if (!input.ok) return input.response;
      const [row] = await db
        .insert(segment)
        .values({ id: randomUUID(), gameId, ownerId, ...input.value, logicType: 'CEL' })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
      return c.json(toSegment(row), 201);
    })
    .patch('/:segmentId', async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const input = await readJson(c, UpdateSegmentInputSchema);
      if (!input.ok) return input.response;
      const [row] = await db
        .update(segment)
        .set({ ...input.value, updatedAt: new Date() })
        .where(ownSegment(gameId, ownerId, c.req.param('segmentId')))
        .returning();
      if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
      await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
      return c.json(toSegment(row));
    })
    .delete('/:segmentId', async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const [row] = await db
        .delete(segment)
        .where(ownSegment(gameId, ownerId, c.req.param('segmentId')))
        .returning({ id: segment.id });
      if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
      await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
      return c.body(null, 204);
    });
}
