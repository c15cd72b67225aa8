import { randomBytes, randomUUID } from 'node:crypto';
import { assetDocumentId } from '@liveops/domain/assets';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { type LayoutNode } from '@liveops/domain/layout';
import type { Db } from '../db/database';
import { refuseOverQuota, type Quotas } from '../accounts/account-quotas';
import { asset, dailyReward, game, item, pack, segment } from '../db/schema';
import { inScope, ownedGame } from './game-scope';
import type { Logger } from '../logging/logger';
import { ASSET_CACHE_CONTROL } from '../assets/routes';
import { removeGameFiles } from '../storage/remove-game-files';
import { assetStorageKey, gameStoragePrefixes } from '../storage/storage-keys';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';

type GameRow = typeof game.$inferSelect;

/** Asset files copied at once. */
const COPY_CONCURRENCY = 4;

export class GameCopyError extends Error {
  constructor(
    readonly status: 403 | 404 | 413 | 502,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type GameCopyDeps = { db: Db; storage: Storage; logger: Logger; intents: StorageIntents };

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A layout with every string equal to a key of `urls` replaced by its value (old asset addresses → new ones). */
function replaceStrings<T>(value: T, urls: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return (urls.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => replaceStrings(entry, urls)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, replaceStrings(entry, urls)])) as T;
  }
  return value;
}

/**
 * A staging copy of a game (decision 018): a new game with a new SDK key and copies of its segments, items,
 * packs, daily rewards (with their layouts and targeting) and assets, every copy with a new id and every reference
 * between them (a pack's items, a day's pack, a config's segment) pointing at the copy. Asset IDs are the developer's own names, unique per
 * game, so `asset:<id>` references and icons keep working as they are; the bytes are copied to keys of the new
 * game. Releases and published packs are not copied: the copy is unpublished.
 *
 * Bytes are copied first, then every row is inserted in one transaction that also checks the source game is
 * still there; if anything fails, the copied bytes are removed and nothing of the copy remains.
 */
export async function copyGame(
  deps: GameCopyDeps,
  source: GameRow,
  values: { name: string; owner: string | null; sdkKey: () => string; serverSecret: () => string; quotas: Quotas },
): Promise<GameRow> {
  const { db, storage, logger, intents } = deps;
  const mine = <T extends typeof segment | typeof item | typeof pack | typeof dailyReward | typeof asset>(table: T) =>
    inScope(table, { gameId: source.id, ownerId: source.ownerId });
  // The daily rewards are read before the segments: a segment one of them targets cannot be deleted meanwhile.
  const [rewards, items, packs, assets] = await Promise.all([
    db.select().from(dailyReward).where(mine(dailyReward)),
    db.select().from(item).where(mine(item)),
    db.select().from(pack).where(mine(pack)),
    db.select().from(asset).where(mine(asset)),
  ]);
  const segments = await db.select().from(segment).where(mine(segment));

  // The copy is a game and its images more for the account (decision 032): refused before any byte is copied, and
  // again in the transaction that inserts it, where a request at the same moment cannot slip past.
  const adding = { games: 1, bytes: assets.reduce((sum, row) => sum + row.size, 0) };
  const early = await refuseOverQuota(db, source.ownerId, values.quotas, adding);
  if (early) throw new GameCopyError(early.status, early.code, early.message);

  const gameId = randomUUID();
  // The copy's bytes are this intent's until the rows that reference them commit (decision 026).
  const [assetsPrefix = ''] = gameStoragePrefixes(gameId);
  const copying = await intents.begin('objects', assetsPrefix);
  const abandon = async () => {
    const removal = await removeGameFiles([gameId], { storage, logger, reason: `copy of game ${source.id} abandoned` });
    if (removal.failed.length === 0) await intents.settleQuietly(copying);
  };
  const copiedAssets: (typeof asset.$inferInsert)[] = [];
  const urls = new Map<string, string>();
  let next = 0;
  const copyOne = async (row: (typeof assets)[number]) => {
    const stored = await storage.get(row.storageKey);
    if (!stored) {
      // Bytes already missing in the source (or its game deleted meanwhile): the copy goes without them too.
      logger.warn(`copying game ${source.id}: ${row.storageKey} has no stored bytes, not copied`);
      return;
    }
    const ext = /\.([A-Za-z0-9]+)$/.exec(row.storageKey)?.[1] ?? 'bin';
    const storageKey = assetStorageKey(gameId, row.assetId, ext, randomBytes(6).toString('hex'));
    await storage.put(storageKey, stored.body, { contentType: stored.contentType, cacheControl: ASSET_CACHE_CONTROL });
    urls.set(storage.publicUrl(row.storageKey), storage.publicUrl(storageKey));
    copiedAssets.push({ ...row, id: assetDocumentId(gameId, row.assetId), gameId, storageKey });
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(COPY_CONCURRENCY, assets.length) }, async () => {
        while (next < assets.length) await copyOne(assets[next++]!);
      }),
    );
  } catch (error) {
    logger.error(`copying the stored files of game ${source.id} failed:`, error);
    await abandon();
    throw new GameCopyError(502, 'STORAGE_FAILED', GAME_MESSAGES.duplicateStorageFailed);
  }

  const segmentIds = new Map(segments.map((row) => [row.id, randomUUID()]));
  const itemIds = new Map(items.map((row) => [row.id, randomUUID()]));
  const packIds = new Map(packs.map((row) => [row.id, randomUUID()]));
  const now = new Date();
  const owned = { gameId, ownerId: source.ownerId };

  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          // Held until commit: a deletion of the source waits for the copy, or the copy sees the source gone.
          const [still] = await tx
            .select({ id: game.id })
            .from(game)
            .where(ownedGame({ gameId: source.id, ownerId: source.ownerId }))
            .for('share');
          if (!still) throw new GameCopyError(404, 'NOT_FOUND', GAME_MESSAGES.notFound);
          const refusal = await refuseOverQuota(tx, source.ownerId, values.quotas, adding);
          if (refusal) throw new GameCopyError(refusal.status, refusal.code, refusal.message);
          const [row] = await tx
            .insert(game)
            .values({
              ...source,
              id: gameId,
              name: values.name,
              owner: values.owner,
              sdkKey: values.sdkKey(),
              // A copy is another game to the runtime: its own players, tokens and secret.
              serverSecret: values.serverSecret(),
              stagingCopyOf: source.id,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          if (segments.length) {
            await tx.insert(segment).values(segments.map((s) => ({ ...s, ...owned, id: segmentIds.get(s.id)! })));
          }
          if (items.length) {
            // Keys are kept (the game's code names the same things in both); the copy has no release, so none is
            // fixed there yet (decision 051).
            await tx
              .insert(item)
              .values(items.map((i) => ({ ...i, ...owned, id: itemIds.get(i.id)!, keyFixed: false })));
          }
          if (packs.length) {
            await tx.insert(pack).values(
              packs.map((p) => ({
                ...p,
                ...owned,
                id: packIds.get(p.id)!,
                keyFixed: false,
                contents: p.contents.map((entry) => ({ ...entry, itemId: itemIds.get(entry.itemId) ?? entry.itemId })),
              })),
            );
          }
          if (rewards.length) {
            await tx.insert(dailyReward).values(
              rewards.map((r) => ({
                ...r,
                ...owned,
                id: randomUUID(),
                rewards: r.rewards.map((entry) => ({ ...entry, packId: packIds.get(entry.packId) ?? entry.packId })),
                // Its targeting names the copy's segment (decision 038). A segment the read above missed was deleted
                // meanwhile, which only a config that stopped targeting it allows: the copy targets every player.
                segmentId: r.segmentId === null ? null : (segmentIds.get(r.segmentId) ?? null),
                uiLayout: r.uiLayout ? replaceStrings<LayoutNode>(r.uiLayout, urls) : null,
              })),
            );
          }
          if (copiedAssets.length) await tx.insert(asset).values(copiedAssets);
          await intents.settle(copying, tx);
          return row;
        });
      } catch (error) {
        // 62^16 SDK keys make a collision all but impossible; the unique constraint still has the last word.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
    }
  } catch (error) {
    await abandon();
    throw error;
  }
}
