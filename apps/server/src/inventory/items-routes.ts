import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  INVENTORY_KEY_MESSAGES,
  INVENTORY_MESSAGES,
  isPackValueStorable,
  itemInUseMessage,
  ItemInputSchema,
} from '@liveops/domain/inventory';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { item, pack } from '../db/schema';
import { jsonBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { inScope, requireOwnGame, requirePermission, type GameScope, type GameScopeEnv } from '../games/game-scope';
import { assetUrlsOf } from '../assets/assets';
import { resolveIcon } from './icons';
import { isKeyTaken, withKey } from './inventory-keys';
import { listItems, presentItem, type ItemRow } from './items';
import type { Storage } from '../storage/storage';

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents; storage: Storage };

/** Rolls back an item edit that would make a pack holding it worth more than a pack can be. */
class PackTooValuable extends Error {}
/** Refuses a new key for an item that is in a release (decision 051). */
class KeyFixed extends Error {}

const packHolds = (itemId: string) => sql`${pack.contents} @> ${JSON.stringify([{ itemId }])}::jsonb`;

const keyTaken = (c: Context, key: string) =>
  jsonError(c, 409, 'KEY_TAKEN', INVENTORY_KEY_MESSAGES.keyTaken('item', key), { field: 'key' });

/** /api/games/:gameId/items: list, create, edit, delete (refused while a pack holds the item). */
export function itemsRoutes({ auth, db, liveEvents, storage }: Deps) {
  const ownItem = (scope: GameScope, id: string) => and(eq(item.id, id), inScope(item, scope));

  /** The scope, and the item fields to store (value in cents, icon resolved), or the answer refusing them. */
  async function readItem(c: Context<GameScopeEnv>) {
    const scope = c.get('scope');
    const input = await readJson(c, ItemInputSchema);
    if (!input.ok) return input;
    const icon = await resolveIcon(db, scope, input.value, 'coin');
    if (!icon) {
      return { ok: false as const, response: jsonError(c, 400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.assetNotFound) };
    }
    const { value, name, type, baseAmount, key } = input.value;
    return {
      ok: true as const,
      scope,
      key,
      values: { name, type, baseAmount, valueCents: Math.round(value * 100), ...icon },
    };
  }

  async function saved(scope: GameScope, row: ItemRow, status: 200 | 201, c: Context<GameScopeEnv>) {
    await liveEvents.publish(scope.ownerId, { topic: 'inventory', id: row.id });
    return c.json(presentItem(row, await assetUrlsOf(db, storage, scope)), status);
  }

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => c.json(await listItems(db, storage, c.get('scope'))))
    .post('/', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const input = await readItem(c);
      if (!input.ok) return input.response;
      const row = await withKey(db, 'item', input.scope.gameId, input.values.name, input.key, async (key) => {
        const [created] = await db
          .insert(item)
          .values({ id: randomUUID(), ...input.scope, ...input.values, key })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        return created;
      });
      if (row === 'taken') return keyTaken(c, input.key ?? '');
      return saved(input.scope, row, 201, c);
    })
    .patch('/:itemId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const input = await readItem(c);
      if (!input.ok) return input.response;
      const { scope } = input;
      const outcome = await db
        .transaction(async (tx) => {
          const [current] = await tx
            .select({ key: item.key, keyFixed: item.keyFixed })
            .from(item)
            .where(ownItem(scope, c.req.param('itemId')))
            .for('update');
          if (!current) return null;
          if (input.key !== undefined && input.key !== current.key && current.keyFixed) throw new KeyFixed();
          const [row] = await tx
            .update(item)
            .set({ ...input.values, ...(input.key === undefined ? {} : { key: input.key }), updatedAt: new Date() })
            .where(ownItem(scope, c.req.param('itemId')))
            .returning();
          if (!row) return null;
          // A new value must leave every pack that holds the item within the value a pack can have.
          const holders = await tx
            .select({ contents: pack.contents })
            .from(pack)
            .where(and(eq(pack.gameId, scope.gameId), packHolds(row.id)));
          if (holders.length) {
            const items = await tx
              .select({ id: item.id, valueCents: item.valueCents })
              .from(item)
              .where(inScope(item, scope));
            const values = items.map((i) => ({ id: i.id, value: i.valueCents / 100 }));
            if (holders.some((holder) => !isPackValueStorable(holder.contents, values))) {
              throw new PackTooValuable();
            }
          }
          return row;
        })
        .catch((error: unknown) => {
          if (error instanceof PackTooValuable) return 'too-valuable' as const;
          if (error instanceof KeyFixed) return 'key-fixed' as const;
          if (isKeyTaken(error)) return 'key-taken' as const;
          throw error;
        });
      if (outcome === 'key-fixed') return jsonError(c, 409, 'KEY_FIXED', INVENTORY_KEY_MESSAGES.keyFixed('item'));
      if (outcome === 'key-taken') return keyTaken(c, input.key ?? '');
      if (outcome === 'too-valuable') {
        return jsonError(c, 400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.packValueTooLarge);
      }
      if (!outcome) return jsonError(c, 404, 'NOT_FOUND', INVENTORY_MESSAGES.itemNotFound);
      return saved(scope, outcome, 200, c);
    })
    .delete('/:itemId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const itemId = c.req.param('itemId');
      // Locking the item first makes a pack being saved with it either finish before we look, or wait for us.
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: item.id }).from(item).where(ownItem(scope, itemId)).for('update');
        if (!locked) return { status: 404 as const };
        const holders = await tx
          .select({ name: pack.name })
          .from(pack)
          .where(and(eq(pack.gameId, scope.gameId), packHolds(itemId)))
          .orderBy(asc(pack.createdAt));
        if (holders.length) return { status: 409 as const, names: holders.map((h) => h.name) };
        await tx.delete(item).where(eq(item.id, itemId));
        return { status: 204 as const };
      });
      if (outcome.status === 404) return jsonError(c, 404, 'NOT_FOUND', INVENTORY_MESSAGES.itemNotFound);
      if (outcome.status === 409) return jsonError(c, 409, 'ITEM_IN_USE', itemInUseMessage(outcome.names));
      await liveEvents.publish(scope.ownerId, { topic: 'inventory', id: itemId });
      return c.body(null, 204);
    });
}
