import { z } from '@hono/zod-openapi';
import { IdempotencyKeySchema } from '@liveops/domain/runtime-api';
import type { RuntimeApp } from './runtime-env';

/*
 * The area's OpenAPI document (decision 034): generated from the zod schemas the routes validate with. What the
 * route modules share of it is here; each route is documented where it is handled.
 */

/** The Idempotency-Key header of the writes: documented as required, its absence answered by the route. */
export const idempotencyHeader = z.object({
  'idempotency-key': IdempotencyKeySchema.optional().meta({
    param: { name: 'idempotency-key', in: 'header', required: true },
  }),
});

/** A player's (or popup's) bearer token. */
export const bearer = [{ playerToken: [] }];
/** The game backend's signed calls. */
export const serverSigned = [{ serverKey: [], serverTimestamp: [], serverSignature: [] }];

/** Registers the security schemes and serves the document at /openapi.json, once every route is registered. */
export function registerRuntimeDocument(app: RuntimeApp, apiBase: string): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'playerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /v1/sessions (or a popup token, which may only claim its own config).',
  });
  for (const [name, header, description] of [
    ['serverKey', 'X-LiveOps-Key', 'The game’s SDK key.'],
    ['serverTimestamp', 'X-LiveOps-Timestamp', 'Unix seconds, within 5 minutes of the server’s clock.'],
    [
      'serverSignature',
      'X-LiveOps-Signature',
      'Hex HMAC-SHA256 of "<timestamp>.<METHOD>.<path>.<Idempotency-Key>.<body>" with the game’s server secret; each signature is accepted once.',
    ],
  ] as const) {
    app.openAPIRegistry.registerComponent('securitySchemes', name, {
      type: 'apiKey',
      in: 'header',
      name: header,
      description,
    });
  }
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'LiveOps player runtime',
      version: '1',
      description:
        'The API a game calls with its SDK key: player sessions, server-authoritative daily rewards and the wallet. See docs/game-integration.md.',
    },
    servers: [{ url: apiBase }],
  });
}
