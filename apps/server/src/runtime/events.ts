import { createRoute, z } from '@hono/zod-openapi';
import {
  ANALYTICS_MESSAGES,
  clientEventSchema,
  EVENT_BATCH_MAX_BYTES,
  EVENT_BATCH_MAX_EVENTS,
  EVENT_CLIENT_TIME_MIN,
  EVENT_MAX_BYTES,
  EVENT_PROPERTIES_MAX,
  EVENT_PROPERTY_KEY_MAX,
  EVENT_PROPERTY_VALUE_MAX,
  parseEventBatch,
  recordedClientEvent,
} from '@liveops/domain/analytics';
import { experimentRollupVariantId } from '@liveops/domain/experiments';
import { RUNTIME_MESSAGES, RuntimeErrorSchema } from '@liveops/domain/runtime-api';
import type { Db } from '../db/database';
import { recordAnalyticsEvents } from '../analytics/analytics-events';
import { runtimeError } from './area/errors';
import { bodyOfAtMost, readJsonBody } from './area/json-body';
import type { RuntimeArea } from './area/runtime-area';
import type { RuntimeLimits } from './rate-limits';

/**
 * The documented shape of a batch: the domain's event schema, but clientTime's upper bound (a day ahead of the
 * server's clock, which parseEventBatch checks) is given in words, since a fixed document cannot state it.
 */
const documentedEvent = clientEventSchema(0);
const BatchDocumentSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        ...documentedEvent.shape,
        clientTime: z.number().int().min(EVENT_CLIENT_TIME_MIN).meta({
          description:
            'The device’s time, milliseconds since 1970-01-01 UTC: from 2020 to a day ahead of the server’s clock. Kept for reference only; the day an event counts in is the server’s.',
        }),
        properties: documentedEvent.shape.properties.meta({
          description: `At most ${EVENT_PROPERTIES_MAX} entries named 1 to ${EVENT_PROPERTY_KEY_MAX} letters, digits or “_”, each a string (at most ${EVENT_PROPERTY_VALUE_MAX} characters), a finite number or a boolean.`,
        }),
      }),
    )
    .min(1)
    .max(EVENT_BATCH_MAX_EVENTS)
    .meta({ description: `Each event at most ${EVENT_MAX_BYTES} bytes as JSON.` }),
});

const EventBatchResponseSchema = z
  .object({
    accepted: z.number().int().meta({ description: 'Events recorded now.' }),
    duplicates: z
      .number()
      .int()
      .meta({ description: 'Events already recorded (same id for this player): not counted again.' }),
  })
  .meta({ id: 'EventBatchResponse' });

const eventsRoute = createRoute({
  method: 'post',
  path: '/events',
  summary: 'Report what the popup did',
  description:
    'A batch of the player’s `shown` and `closed` events, counted in the game’s daily analytics on the server’s UTC day of arrival. The player is the token’s: a popup token may report only its own config. An event id is the client’s (a UUID): sending it again is a duplicate, counted once. Claims and sessions are recorded by the server itself.',
  security: [{ playerToken: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: BatchDocumentSchema } } } },
  responses: {
    200: { description: 'Recorded.', content: { 'application/json': { schema: EventBatchResponseSchema } } },
    ...Object.fromEntries(
      (
        [
          [400, 'Invalid batch (`validation_error`, `malformed_json`, `control_characters`).'],
          [401, 'Missing, invalid or expired token.'],
          [403, 'A popup token reporting another config (`token_scope`), or the game is disabled.'],
          [404, 'A configId that is not one of the game’s published daily rewards (`not_found`).'],
          [413, `Body over ${EVENT_BATCH_MAX_BYTES} bytes (\`payload_too_large\`), refused before it is read.`],
          [415, 'Not JSON (`unsupported_media_type`).'],
          [
            429,
            'Too many requests (`rate_limited`), or the batch would take the player over their raw events per minute or per UTC day, by count or bytes: refused whole, nothing stored; see Retry-After.',
          ],
        ] as const
      ).map(([status, description]) => [
        status,
        { description, content: { 'application/json': { schema: RuntimeErrorSchema } } },
      ]),
    ),
  },
});

/**
 * `POST /v1/events` (decision 044): its own body limit (EVENT_BATCH_MAX_BYTES, above the other
 * routes' 16 KiB), checked before anything is read; then the player's token (and its rate limits), the batch by
 * the domain's schema on the server's clock, every configId one of the game's, and one transaction for the batch.
 */
export function registerEventRoutes(
  area: RuntimeArea,
  deps: {
    db: Db;
    now: () => number;
    limits: RuntimeLimits;
    /** The player's stored variant of an experiment (decision 046), or null. */
    storedVariantOf: (playerRef: string, experimentId: string) => Promise<string | null>;
  },
) {
  const { app } = area;
  app.use('/events', bodyOfAtMost(EVENT_BATCH_MAX_BYTES), area.playerAuth);
  app.openAPIRegistry.registerPath(eventsRoute);
  app.post('/events', async (c) => {
    const read = await readJsonBody(c);
    if (read instanceof Response) return read;
    const now = deps.now();
    const parsed = parseEventBatch(read.body, now);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return runtimeError(c, 400, 'validation_error', issues[0]?.message ?? ANALYTICS_MESSAGES.batchInvalid, {
        issues,
      });
    }
    const claims = c.get('player');
    const found = c.get('game');
    const { events } = parsed.data;
    // A popup token speaks for its own config only; any token, for its own game's configs only.
    if (claims.t === 'popup' && events.some((event) => event.configId !== claims.c)) {
      return runtimeError(c, 403, 'token_scope', RUNTIME_MESSAGES.tokenScope);
    }
    const known = new Set(found.configs.map((config) => config.id));
    // Another game's config is not found, exactly like one that does not exist (as a claim answers).
    if (events.some((event) => !known.has(event.configId))) {
      return runtimeError(c, 404, 'not_found', RUNTIME_MESSAGES.configNotFound);
    }
    // The player's raw events per minute and per UTC day, by count and bytes: the whole batch is refused (429 with
    // Retry-After) when it would go over, so a retry later sends it whole (decision 057). The request itself was
    // charged by playerAuth; this is what it would store.
    const count = events.length;
    const bytes = Buffer.byteLength(read.text);
    const budgets = deps.limits.playerEvents;
    area.take(c, [
      { key: `ec:${claims.p}`, budget: budgets.perMinute, cost: count },
      { key: `eb:${claims.p}`, budget: budgets.bytesPerMinute, cost: bytes },
      { key: `ed:${claims.p}`, budget: budgets.perDay, cost: count },
      { key: `ef:${claims.p}`, budget: budgets.bytesPerDay, cost: bytes },
    ]);
    // Each config's events count in the player's variant of the live release's experiment, if they were assigned one
    // (decision 046): the rollup's variant key names the experiment too, so a later test of the config is apart.
    const variants = new Map<string, string | null>();
    for (const configId of new Set(events.map((event) => event.configId))) {
      const experiment = found.configs.find((config) => config.id === configId)?.experiment;
      const variantId = experiment ? await deps.storedVariantOf(claims.p, experiment.id) : null;
      variants.set(configId, experiment && variantId ? experimentRollupVariantId(experiment.id, variantId) : null);
    }
    const recorded = events.map((event) => ({
      ...recordedClientEvent(event, {
        gameId: found.id,
        playerId: claims.p,
        variantId: variants.get(event.configId) ?? null,
        receivedAt: now,
      }),
      clientTime: event.clientTime,
      properties: event.properties ?? null,
    }));
    return c.json(await recordAnalyticsEvents(deps.db, recorded, now), 200);
  });
}
