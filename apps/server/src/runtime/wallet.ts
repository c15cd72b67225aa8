import { createRoute, type z } from '@hono/zod-openapi';
import {
  InventoryResponseSchema,
  LedgerQuerySchema,
  LedgerResponseSchema,
  RUNTIME_BODY_MAX_BYTES,
  RUNTIME_MESSAGES,
  ServerWalletRequestSchema,
  ServerWalletResponseSchema,
} from '@liveops/domain/runtime-api';
import type { Db } from '../db/database';
import { bearer, idempotencyHeader, serverSigned } from './area/document';
import { errorResponses, refuse } from './area/errors';
import { jsonBody } from './area/json-body';
import type { RuntimeArea } from './area/runtime-area';
import { balancesOf, ledgerOf, requestHash, walletOperationOnce, type Balance } from '../player-ledger';
import { itemNaming, type RuntimeGame } from './runtime-games';
import { findPlayer } from './store';

const inventoryRoute = createRoute({
  method: 'get',
  path: '/inventory',
  summary: 'The player’s wallet',
  security: bearer,
  responses: {
    200: { description: 'Every balance.', content: { 'application/json': { schema: InventoryResponseSchema } } },
    ...errorResponses(401, 403, 429, 503),
  },
});

const ledgerRoute = createRoute({
  method: 'get',
  path: '/inventory/ledger',
  summary: 'Every change of the player’s wallet',
  description: 'Newest first; page with `before`. Balances always equal the sum of the ledger.',
  security: bearer,
  request: { query: LedgerQuerySchema },
  responses: {
    200: { description: 'A page of entries.', content: { 'application/json': { schema: LedgerResponseSchema } } },
    ...errorResponses(400, 401, 403, 429, 503),
  },
});

const walletRoute = (kind: 'grant' | 'consume') =>
  createRoute({
    method: 'post',
    path: `/server/wallet/${kind}`,
    summary: kind === 'grant' ? 'Grant items (game backend)' : 'Consume items (game backend)',
    description:
      kind === 'grant'
        ? 'For the game’s own backend, signed with the server secret. Idempotent per Idempotency-Key.'
        : 'For the game’s own backend, signed with the server secret. Never below 0: if any balance is short, nothing is taken (409 `insufficient_balance`). Idempotent per Idempotency-Key.',
    security: serverSigned,
    request: {
      headers: idempotencyHeader,
      body: { required: true, content: { 'application/json': { schema: ServerWalletRequestSchema } } },
    },
    responses: {
      200: { description: 'Done.', content: { 'application/json': { schema: ServerWalletResponseSchema } } },
      ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 503),
    },
  });

const itemsOf = (found: RuntimeGame, balances: Balance[]) =>
  balances.map((b) => ({ itemId: b.itemId, ...itemNaming(found, b.itemId), amount: b.amount }));

/** Balances or changes with each item's key beside its id (decision 051). */
const withKeys = <T extends { itemId: string }>(found: RuntimeGame, entries: T[]) =>
  entries.map(({ itemId, ...rest }) => ({ itemId, key: found.items.get(itemId)?.key ?? null, ...rest }));

/**
 * The wallet: the player's balances and ledger (their token), and the game backend's grants and consumes (signed
 * with the server secret), each written through the player ledger once per Idempotency-Key.
 */
export function registerWalletRoutes(area: RuntimeArea, deps: { db: Db; now: () => number }) {
  const { app } = area;
  app.use('/server/*', ...jsonBody(RUNTIME_BODY_MAX_BYTES));
  app.use('/inventory/*', area.playerAuth, area.playerOnly);
  app.use('/server/*', area.serverAuth);

  app.openapi(inventoryRoute, async (c) => {
    const found = c.get('game');
    const balances = await balancesOf(deps.db, c.get('player').p);
    return c.json({ balances: itemsOf(found, balances) }, 200);
  });

  app.openapi(ledgerRoute, async (c) => {
    const query = c.req.valid('query');
    const limit = query.limit ?? 50;
    const entries = await ledgerOf(deps.db, c.get('player').p, limit + 1, query.before ?? null);
    const page = entries.slice(0, limit);
    return c.json(
      {
        entries: withKeys(c.get('game'), page).map((entry) => ({
          ...entry,
          reason: entry.reason as (typeof page)[number]['reason'],
        })),
        nextBefore: entries.length > limit ? (page.at(-1)?.id ?? null) : null,
      } as z.infer<typeof LedgerResponseSchema>,
      200,
    );
  });

  for (const kind of ['grant', 'consume'] as const) {
    app.openapi(walletRoute(kind), async (c) => {
      const found = c.get('game');
      const input = c.req.valid('json');
      const key = c.req.valid('header')['idempotency-key'];
      if (!key) refuse(400, 'idempotency_key_required', RUNTIME_MESSAGES.idempotencyKeyRequired);
      const hash = requestHash(`${kind}\n${JSON.stringify(input)}`);
      const outcome = await walletOperationOnce(
        deps.db,
        { gameId: found.id, idempotencyKey: key, requestHash: hash },
        async () => {
          // Each item by its id or by its studio key (decision 051).
          const changes = input.items.map((entry) => {
            const named = entry.key === undefined ? found.items.get(entry.itemId!) : found.itemsByKey.get(entry.key);
            if (!named) {
              if (entry.key === undefined) {
                refuse(422, 'unknown_item', RUNTIME_MESSAGES.unknownItem, { itemId: entry.itemId });
              }
              refuse(422, 'unknown_item', RUNTIME_MESSAGES.unknownItemKey, { key: entry.key });
            }
            return { itemId: named.id, key: named.key, quantity: kind === 'grant' ? entry.quantity : -entry.quantity };
          });
          if (new Set(changes.map((change) => change.itemId)).size !== changes.length) {
            refuse(400, 'validation_error', RUNTIME_MESSAGES.itemNamedTwice);
          }
          const player = await findPlayer(deps.db, found.id, input.playerId);
          if (!player) refuse(404, 'player_unknown', RUNTIME_MESSAGES.playerUnknown);
          return {
            playerRef: player.id,
            reason: kind === 'grant' ? 'server_grant' : 'server_consume',
            changes,
            now: deps.now(),
            answer: (balances) => ({
              playerId: player.playerId,
              changed: changes,
              balances: withKeys(found, balances),
            }),
          };
        },
      );
      if (outcome.kind === 'key-reused') refuse(422, 'idempotency_key_reused', RUNTIME_MESSAGES.idempotencyKeyReused);
      if (outcome.kind === 'insufficient-balance') {
        refuse(409, 'insufficient_balance', RUNTIME_MESSAGES.insufficientBalance);
      }
      const body = outcome.kind === 'replayed' ? outcome.response : outcome.result;
      return c.json(body as z.infer<typeof ServerWalletResponseSchema>, 200);
    });
  }
}
