import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { packInUseMessage } from '@liveops/domain/daily-rewards';
import {
  INVENTORY_KEY_MESSAGES,
  INVENTORY_MESSAGES,
  isPackValueStorable,
  PackInputSchema,
} from '@liveops/domain/inventory';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { dailyReward, item, pack } from '../db/schema';
import { jsonBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { inScope, requireOwnGame, requirePermission, type GameScopeEnv } from '../games/game-scope';
import { givesPack } from '../daily-rewards/daily-rewards';
import { resolveIcon } from './icons';
import { isKeyTaken, withKey } from './inventory-keys';
import { listPacks, presentPacks } from './packs';
import type { Storage } from '../storage/storage';

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents; storage: Storage };

/** /api/games/:gameId/packs: list (values computed from the items now), create, edit, delete. */
export function packsRoutes({ auth, db, liveEvents, storage }: Deps) {
  /**
   * Saves a pack inside a transaction that holds share locks on its items: they must all be this game's and
   * owner's, and none can be deleted until the pack is stored.
   */
  async function save(c: Context<GameScopeEnv>, packId: string | null) {
    const scope = c.get('scope');
    const input = await readJson(c, PackInputSchema);
    if (!input.ok) return input.response;
    const icon = await resolveIcon(db, scope, input.value, 'gift');
    if (!icon) return jsonError(c, 400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.assetNotFound);
    const { name, contents, key: chosen } = input.value;
    const ids = contents.map((entry) => entry.itemId);
    const write = (key: string | undefined) =>
      db.transaction(async (tx) => {
        const found = await tx
          .select({ id: item.id, valueCents: item.valueCents })
          .from(item)
          .where(and(inArray(item.id, ids), inScope(item, scope)))
          .for('share');
        if (found.length !== ids.length) return 'unknown-items' as const;
        const values = found.map((i) => ({ id: i.id, value: i.valueCents / 100 }));
        if (!isPackValueStorable(contents, values)) return 'too-valuable' as const;
        if (packId === null) {
          const [created] = await tx
            .insert(pack)
            .values({ id: randomUUID(), ...scope, name, key: key!, contents, ...icon })
            .returning();
          return created ?? null;
        }
        const own = and(eq(pack.id, packId), inScope(pack, scope));
        const [current] = await tx
          .select({ key: pack.key, keyFixed: pack.keyFixed })
          .from(pack)
          .where(own)
          .for('update');
        if (!current) return null;
        // A pack in a release keeps its key (decision 051).
        if (key !== undefined && key !== current.key && current.keyFixed) return 'key-fixed' as const;
        const [updated] = await tx
          .update(pack)
          .set({ name, contents, ...icon, ...(key === undefined ? {} : { key }), updatedAt: new Date() })
          .where(own)
          .returning();
        return updated ?? null;
      });
    const row =
      packId === null
        ? await withKey(db, 'pack', scope.gameId, name, chosen, write)
        : await write(chosen).catch((error: unknown) => {
            if (isKeyTaken(error)) return 'taken' as const;
            throw error;
          });
    if (row === 'taken') {
      return jsonError(c, 409, 'KEY_TAKEN', INVENTORY_KEY_MESSAGES.keyTaken('pack', chosen ?? ''), { field: 'key' });
    }
    if (row === 'key-fixed') return jsonError(c, 409, 'KEY_FIXED', INVENTORY_KEY_MESSAGES.keyFixed('pack'));
    if (row === 'unknown-items') return jsonError(c, 400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.unknownItems);
    if (row === 'too-valuable') return jsonError(c, 400, 'VALIDATION_ERROR', INVENTORY_MESSAGES.packValueTooLarge);
    if (!row) return jsonError(c, 404, 'NOT_FOUND', INVENTORY_MESSAGES.packNotFound);
    await liveEvents.publish(scope.ownerId, { topic: 'inventory', id: row.id });
    const [presented] = await presentPacks(db, storage, scope, [row]);
    return c.json(presented, packId === null ? 201 : 200);
  }

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => c.json(await listPacks(db, storage, c.get('scope'))))
    .post('/', requirePermission('content.edit'), ...jsonBody, (c) => save(c, null))
    .patch('/:packId', requirePermission('content.edit'), ...jsonBody, (c) => save(c, c.req.param('packId')))
    .delete('/:packId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const packId = c.req.param('packId');
      // Locking the pack first makes a daily reward being saved with it either finish before we look, or wait.
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: pack.id })
          .from(pack)
          .where(and(eq(pack.id, packId), inScope(pack, scope)))
          .for('update');
        if (!locked) return { status: 404 as const };
        const givers = await tx
          .select({ name: dailyReward.name })
          .from(dailyReward)
          .where(and(eq(dailyReward.gameId, scope.gameId), givesPack(packId)))
          .orderBy(asc(dailyReward.createdAt));
        if (givers.length) return { status: 409 as const, names: givers.map((g) => g.name) };
        await tx.delete(pack).where(eq(pack.id, packId));
        return { status: 204 as const };
      });
      if (outcome.status === 404) return jsonError(c, 404, 'NOT_FOUND', INVENTORY_MESSAGES.packNotFound);
      if (outcome.status === 409) return jsonError(c, 409, 'PACK_IN_USE', packInUseMessage(outcome.names));
      await liveEvents.publish(scope.ownerId, { topic: 'inventory', id: packId });
      return c.body(null, 204);
    });
}
