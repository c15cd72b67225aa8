import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { SEGMENT_MESSAGES, type Segment, segmentInputSchemaFor } from '@liveops/domain/segments';
import { segmentInUseMessage } from '@liveops/domain/targeting';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { segment } from '../db/schema';
import { jsonBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { inScope, requireOwnGame, requirePermission, type GameScopeEnv } from '../games/game-scope';
import { configsTargeting } from '../targeting/daily-reward-targeting';
import { customAttributesOf, writeSegmentChecked } from './custom-attributes';
import type { SegmentAudiences } from './segment-audience';

type SegmentRow = typeof segment.$inferSelect;
const toSegment = (row: SegmentRow): Segment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents; audiences: SegmentAudiences };

/** An expression that stopped checking while it was saved (the game's custom attributes changed meanwhile). */
const expressionRefused = (c: Parameters<typeof jsonError>[0], message: string) =>
  jsonError(c, 400, 'VALIDATION_ERROR', message, { issues: [{ path: 'expression', message }] });

/**
 * /api/games/:gameId/segments: list, read one, create and edit (the expression must parse and type-check with the
 * game's custom attributes), delete; the segments' audiences and a draft expression's estimated one (decision 054).
 */
export function segmentsRoutes({ auth, db, liveEvents, audiences }: Deps) {
  const ownSegment = (gameId: string, ownerId: string, id: string) =>
    and(eq(segment.id, id), inScope(segment, { gameId, ownerId }), eq(segment.enabled, true));

  return (
    new Hono<GameScopeEnv>()
      .use(...requireOwnGame(auth, db))
      .get('/', requirePermission('games.read'), async (c) => {
        const { gameId, ownerId } = c.get('scope');
        const rows = await db
          .select()
          .from(segment)
          .where(and(inScope(segment, { gameId, ownerId }), eq(segment.enabled, true)))
          .orderBy(asc(segment.createdAt), asc(segment.id));
        return c.json(rows.map(toSegment));
      })
      // Before '/:segmentId', which would take the word for an id.
      .get('/audience', requirePermission('games.read'), async (c) => {
        const { gameId } = c.get('scope');
        return c.json(await audiences.audience(gameId));
      })
      // An estimate writes nothing: a read, for everyone who sees the segments.
      .post('/audience-estimate', requirePermission('games.read'), ...jsonBody, async (c) => {
        const { gameId } = c.get('scope');
        const declared = await customAttributesOf(db, gameId);
        const input = await readJson(c, segmentInputSchemaFor(declared).pick({ expression: true }));
        if (!input.ok) return input.response;
        return c.json(await audiences.estimate(gameId, input.value.expression, declared));
      })
      .get('/:segmentId', requirePermission('games.read'), async (c) => {
        const { gameId, ownerId } = c.get('scope');
        const [row] = await db
          .select()
          .from(segment)
          .where(ownSegment(gameId, ownerId, c.req.param('segmentId')));
        if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
        return c.json(toSegment(row));
      })
      .post('/', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const { gameId, ownerId } = c.get('scope');
        const declared = await customAttributesOf(db, gameId);
        const input = await readJson(c, segmentInputSchemaFor(declared));
        if (!input.ok) return input.response;
        const written = await writeSegmentChecked(db, gameId, input.value.expression, declared, (tx) =>
          tx
            .insert(segment)
            .values({ id: randomUUID(), gameId, ownerId, ...input.value, logicType: 'CEL' })
            .returning(),
        );
        if (!written.ok) return expressionRefused(c, written.message);
        const [row] = written.value;
        if (!row) throw new Error('insert returned nothing');
        await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
        return c.json(toSegment(row), 201);
      })
      .patch('/:segmentId', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const { gameId, ownerId } = c.get('scope');
        const declared = await customAttributesOf(db, gameId);
        const input = await readJson(c, segmentInputSchemaFor(declared));
        if (!input.ok) return input.response;
        const written = await writeSegmentChecked(db, gameId, input.value.expression, declared, (tx) =>
          tx
            .update(segment)
            .set({ ...input.value, updatedAt: new Date() })
            .where(ownSegment(gameId, ownerId, c.req.param('segmentId')))
            .returning(),
        );
        if (!written.ok) return expressionRefused(c, written.message);
        const [row] = written.value;
        if (!row) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
        await liveEvents.publish(ownerId, { topic: 'segments', id: row.id });
        return c.json(toSegment(row));
      })
      .delete('/:segmentId', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const scope = c.get('scope');
        const { gameId, ownerId } = scope;
        const segmentId = c.req.param('segmentId');
        // Locking the segment first makes a daily reward being targeted at it either finish before we look, or wait.
        const outcome = await db.transaction(async (tx) => {
          const [locked] = await tx
            .select({ id: segment.id })
            .from(segment)
            .where(ownSegment(gameId, ownerId, segmentId))
            .for('update');
          if (!locked) return { status: 404 as const };
          const targeting = await configsTargeting(tx, scope, segmentId);
          if (targeting.length) return { status: 409 as const, names: targeting };
          await tx.delete(segment).where(eq(segment.id, segmentId));
          return { status: 204 as const };
        });
        if (outcome.status === 404) return jsonError(c, 404, 'NOT_FOUND', SEGMENT_MESSAGES.notFound);
        if (outcome.status === 409) return jsonError(c, 409, 'SEGMENT_IN_USE', segmentInUseMessage(outcome.names));
        await liveEvents.publish(ownerId, { topic: 'segments', id: segmentId });
        return c.body(null, 204);
      })
  );
}
