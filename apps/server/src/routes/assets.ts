import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ASSET_MESSAGES,
  ASSET_UPLOAD_MAX_BYTES,
  AssetFieldsSchema,
  assetDocumentId,
  isWithinAssetLimit,
  sniffImageType,
} from '@liveops/domain';
import type { Auth } from '../auth';
import type { Db } from '../db/database';
import { asset } from '../db/schema';
import { QuotaError, refuseOverQuota, type Quotas } from '../lib/account-quotas';
import { jsonBody, uploadBody } from '../lib/request-body';
import { jsonError } from '../lib/http';
import type { LiveEvents } from '../lib/live-events';
import type { Logger } from '../lib/logger';
import { requireOwnGame, type GameScopeEnv } from '../lib/game-scope';
import { listAssets, presentAsset, type AssetRow } from '../resources/assets';
import { assetStorageKey } from '../storage/storage-keys';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
/** Stored keys are never reused (a random suffix), so the bytes at a key never change. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  storage: Storage;
  logger: Logger;
  intents: StorageIntents;
  /** Per-account limits: the account's stored images are bounded (issue 24, decision 032). */
  quotas: Quotas;
};

/** /api/games/:gameId/assets: list, upload (multipart: name, assetId, file), delete. Owner only. */
export function assetsRoutes({ auth, db, liveEvents, storage, logger, intents, quotas }: Deps) {
  /**
   * Removes bytes an upload wrote when no row took them. A failed insert may still have committed (a connection
   * lost on the answer), so the row is looked up first; whatever cannot be settled here, the start-up cleanup does.
   */
  const removeUnclaimed = async (id: string, storageKey: string, writing: string) => {
    try {
      const [claimed] = await db
        .select({ id: asset.id })
        .from(asset)
        .where(and(eq(asset.id, id), eq(asset.storageKey, storageKey)));
      if (!claimed) await storage.delete(storageKey);
      await intents.settle(writing);
    } catch (error) {
      logger.error(`removing unclaimed ${storageKey} from storage failed:`, error);
    }
  };

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', async (c) => c.json(await listAssets(db, storage, c.get('scope'))))
    .post('/', ...uploadBody, async (c) => {
      const { gameId, ownerId } = c.get('scope');
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        return jsonError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload the image as multipart/form-data.');
      }
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        return jsonError(c, 400, 'MALFORMED_UPLOAD', 'The upload could not be read. Please try again.');
      }
      const one = (value: unknown) => (Array.isArray(value) ? undefined : value);
      const fields = AssetFieldsSchema.safeParse({ name: one(form.name), assetId: one(form.assetId) });
      if (!fields.success) {
        return jsonError(c, 400, 'VALIDATION_ERROR', fields.error.issues[0]?.message ?? 'Invalid upload.');
      }
      const file = one(form.file);
      if (!(file instanceof File) || file.size === 0) {
        return jsonError(c, 400, 'VALIDATION_ERROR', ASSET_MESSAGES.fileRequired);
      }
      if (file.size > ASSET_UPLOAD_MAX_BYTES) return jsonError(c, 413, 'ASSET_TOO_LARGE', ASSET_MESSAGES.tooLarge);
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The type comes from the bytes, never from the file name or the browser's claim.
      const sniffed = sniffImageType(bytes);
      if (!sniffed.ok) return jsonError(c, 415, 'NOT_AN_IMAGE', sniffed.message);
      if (!isWithinAssetLimit(sniffed.type, bytes.length)) {
        return jsonError(c, 413, 'ASSET_TOO_LARGE', ASSET_MESSAGES.tooLarge);
      }

      const { name, assetId } = fields.data;
      const id = assetDocumentId(gameId, assetId);
      const duplicate = () => jsonError(c, 409, 'DUPLICATE_ASSET_ID', ASSET_MESSAGES.duplicateId);
      // Spares storage a write for the common case; the insert below settles a race (decision 010).
      const [taken] = await db.select({ id: asset.id }).from(asset).where(eq(asset.id, id));
      if (taken) return duplicate();
      // Also spares the write when the account is full; the row's transaction checks again, under its lock.
      const early = await refuseOverQuota(db, ownerId, quotas, { bytes: bytes.length });
      if (early) return jsonError(c, early.status, early.code, early.message);

      // Bytes first, under a key never used before, then the row: a row is never visible without its bytes, and
      // a crash in between leaves only bytes named by this upload's intent, which the cleanup removes
      // (decision 026). The row's transaction settles the intent.
      const storageKey = assetStorageKey(gameId, assetId, EXTENSIONS[sniffed.type], randomBytes(6).toString('hex'));
      const writing = await intents.begin('objects', storageKey);
      try {
        await storage.put(storageKey, bytes, { contentType: sniffed.type, cacheControl: ASSET_CACHE_CONTROL });
      } catch (error) {
        logger.error(`storing ${storageKey} failed:`, error);
        await removeUnclaimed(id, storageKey, writing);
        return jsonError(c, 502, 'STORAGE_FAILED', ASSET_MESSAGES.uploadFailed);
      }
      let row: AssetRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          const refusal = await refuseOverQuota(tx, ownerId, quotas, { bytes: bytes.length });
          if (refusal) throw new QuotaError(refusal);
          const [inserted] = await tx
            .insert(asset)
            .values({
              id,
              assetId,
              gameId,
              ownerId,
              name,
              size: bytes.length,
              type: sniffed.type,
              storageKey,
              createdAt: Date.now(),
            })
            .onConflictDoNothing()
            .returning();
          if (inserted) await intents.settle(writing, tx);
          return inserted;
        });
      } catch (error) {
        await removeUnclaimed(id, storageKey, writing);
        if (error instanceof QuotaError) {
          return jsonError(c, error.refusal.status, error.refusal.code, error.refusal.message);
        }
        throw error;
      }
      if (!row) {
        await removeUnclaimed(id, storageKey, writing);
        return duplicate();
      }
      await liveEvents.publish(ownerId, { topic: 'assets', id: row.id });
      return c.json(presentAsset(storage, row), 201);
    })
    .delete('/:assetId', ...jsonBody, async (c) => {
      const { gameId, ownerId } = c.get('scope');
      // The row goes with an intent to remove its bytes, settled once they are gone (else the cleanup does it).
      const deleted = await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(asset)
          .where(
            and(
              eq(asset.id, assetDocumentId(gameId, c.req.param('assetId'))),
              eq(asset.gameId, gameId),
              eq(asset.ownerId, ownerId),
            ),
          )
          .returning();
        return gone ? { row: gone, removing: await intents.begin('objects', gone.storageKey, tx) } : null;
      });
      if (!deleted) return jsonError(c, 404, 'NOT_FOUND', 'Asset not found.');
      const { row, removing } = deleted;
      try {
        await storage.delete(row.storageKey);
        await intents.settle(removing);
      } catch (error) {
        // The record is gone either way; the bytes are unreachable and the cleanup removes them.
        logger.error(`deleting ${row.storageKey} from storage failed:`, error);
      }
      await liveEvents.publish(ownerId, { topic: 'assets', id: row.id });
      return c.body(null, 204);
    });
}
