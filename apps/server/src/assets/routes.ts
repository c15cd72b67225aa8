import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  ASSET_MESSAGES,
  ASSET_UPLOAD_MAX_BYTES,
  AssetFieldsSchema,
  RenameAssetInputSchema,
  assetDocumentId,
  isWithinAssetLimit,
  sniffImageType,
} from '@liveops/domain/assets';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { asset, item, pack } from '../db/schema';
import { QuotaError, refuseOverQuota, type Quotas } from '../accounts/account-quotas';
import { jsonBody, uploadBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import { inScope, requireOwnGame, requirePermission, type GameScopeEnv } from '../games/game-scope';
import { assetUsage, listAssets, presentAsset } from './assets';
import { assetStorageKey } from '../storage/storage-keys';
import type { Storage } from '../storage/storage';
import type { StorageIntents } from '../storage/storage-intents';

const one = (value: unknown) => (Array.isArray(value) ? undefined : value);
const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
/** Stored keys are never reused (a random suffix), so the bytes at a key never change. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

type Image = { bytes: Uint8Array; type: keyof typeof EXTENSIONS };
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
type ImageRead = ({ ok: true } & Image) | { ok: false; status: 400 | 413 | 415; code: string; message: string };

/** An uploaded file's bytes and type: the type comes from the bytes, never from the file name or the browser. */
async function readImage(file: unknown): Promise<ImageRead> {
  if (!(file instanceof File) || file.size === 0) {
    return { ok: false, status: 400, code: 'VALIDATION_ERROR', message: ASSET_MESSAGES.fileRequired };
  }
  const tooLarge = { ok: false, status: 413, code: 'ASSET_TOO_LARGE', message: ASSET_MESSAGES.tooLarge } as const;
  if (file.size > ASSET_UPLOAD_MAX_BYTES) return tooLarge;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImageType(bytes);
  if (!sniffed.ok) return { ok: false, status: 415, code: 'NOT_AN_IMAGE', message: sniffed.message };
  if (!isWithinAssetLimit(sniffed.type, bytes.length)) return tooLarge;
  return { ok: true, bytes, type: sniffed.type };
}

/** The multipart form of a request, or why it cannot be read. */
async function readForm(c: Context) {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return {
      ok: false,
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Upload the image as multipart/form-data.',
    } as const;
  }
  try {
    return { ok: true, form: await c.req.parseBody({ all: true }) } as const;
  } catch {
    return {
      ok: false,
      status: 400,
      code: 'MALFORMED_UPLOAD',
      message: 'The upload could not be read. Please try again.',
    } as const;
  }
}

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  storage: Storage;
  logger: Logger;
  intents: StorageIntents;
  /** Per-account limits: the account's stored images are bounded (decision 032). */
  quotas: Quotas;
};

/**
 * /api/games/:gameId/assets: list, upload (multipart: name, assetId, file), rename, replace the file (multipart:
 * file), where it is used, delete. Owner only.
 */
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

  /**
   * Bytes first, under a key never used before, then the row in `write`'s transaction, which settles the intent:
   * a row is never visible without its bytes, and a crash in between leaves only bytes named by the intent, which
   * the cleanup removes (decisions 010, 026). Bytes no row took (a failed write, a refusal, no row) are removed.
   */
  const putThenWrite = async <T>(
    c: Context<GameScopeEnv>,
    upload: { id: string; storageKey: string; image: Image; failed: string },
    write: (tx: Transaction, writing: string) => Promise<T | undefined>,
  ): Promise<{ written: T | undefined } | { response: Response }> => {
    const { id, storageKey, image } = upload;
    const writing = await intents.begin('objects', storageKey);
    try {
      await storage.put(storageKey, image.bytes, { contentType: image.type, cacheControl: ASSET_CACHE_CONTROL });
    } catch (error) {
      logger.error(`storing ${storageKey} failed:`, error);
      await removeUnclaimed(id, storageKey, writing);
      return { response: jsonError(c, 502, 'STORAGE_FAILED', upload.failed) };
    }
    let written: T | undefined;
    try {
      written = await db.transaction((tx) => write(tx, writing));
    } catch (error) {
      await removeUnclaimed(id, storageKey, writing);
      if (error instanceof QuotaError) {
        return { response: jsonError(c, error.refusal.status, error.refusal.code, error.refusal.message) };
      }
      throw error;
    }
    if (written === undefined) await removeUnclaimed(id, storageKey, writing);
    return { written };
  };

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => c.json(await listAssets(db, storage, c.get('scope'))))
    .post('/', requirePermission('content.edit'), ...uploadBody, async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const read = await readForm(c);
      if (!read.ok) return jsonError(c, read.status, read.code, read.message);
      const { form } = read;
      const fields = AssetFieldsSchema.safeParse({ name: one(form.name), assetId: one(form.assetId) });
      if (!fields.success) {
        return jsonError(c, 400, 'VALIDATION_ERROR', fields.error.issues[0]?.message ?? 'Invalid upload.');
      }
      const image = await readImage(one(form.file));
      if (!image.ok) return jsonError(c, image.status, image.code, image.message);
      const { bytes, type } = image;

      const { name, assetId } = fields.data;
      const id = assetDocumentId(gameId, assetId);
      const duplicate = () => jsonError(c, 409, 'DUPLICATE_ASSET_ID', ASSET_MESSAGES.duplicateId);
      // Spares storage a write for the common case; the insert below settles a race (decision 010).
      const [taken] = await db.select({ id: asset.id }).from(asset).where(eq(asset.id, id));
      if (taken) return duplicate();
      // Also spares the write when the account is full; the row's transaction checks again, under its lock.
      const early = await refuseOverQuota(db, ownerId, quotas, { bytes: bytes.length });
      if (early) return jsonError(c, early.status, early.code, early.message);

      const storageKey = assetStorageKey(gameId, assetId, EXTENSIONS[type], randomBytes(6).toString('hex'));
      const stored = await putThenWrite(
        c,
        { id, storageKey, image, failed: ASSET_MESSAGES.uploadFailed },
        async (tx, writing) => {
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
              type,
              storageKey,
              createdAt: Date.now(),
            })
            .onConflictDoNothing()
            .returning();
          if (inserted) await intents.settle(writing, tx);
          return inserted;
        },
      );
      if ('response' in stored) return stored.response;
      const row = stored.written;
      if (!row) return duplicate();
      await liveEvents.publish(ownerId, { topic: 'assets', id: row.id });
      return c.json(presentAsset(storage, row), 201);
    })
    .patch('/:assetId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const parsed = await readJson(c, RenameAssetInputSchema);
      if (!parsed.ok) return parsed.response;
      const assetId = c.req.param('assetId');
      const { name } = parsed.value;
      // Items and packs keep a copy of their image's name (assetName): it follows the rename.
      const row = await db.transaction(async (tx) => {
        const [renamed] = await tx
          .update(asset)
          .set({ name })
          .where(and(eq(asset.id, assetDocumentId(gameId, assetId)), inScope(asset, { gameId, ownerId })))
          .returning();
        if (!renamed) return undefined;
        for (const table of [item, pack]) {
          await tx
            .update(table)
            .set({ assetName: name })
            .where(and(inScope(table, { gameId, ownerId }), eq(table.assetRefId, renamed.assetId)));
        }
        return renamed;
      });
      if (!row) return jsonError(c, 404, 'NOT_FOUND', ASSET_MESSAGES.notFound);
      await liveEvents.publish(ownerId, { topic: 'assets', id: row.id });
      // Items and packs show the asset's name and image: their lists follow too.
      await liveEvents.publish(ownerId, { topic: 'inventory', id: row.id });
      return c.json(presentAsset(storage, row));
    })
    .get('/:assetId/used-by', requirePermission('games.read'), async (c) => {
      const scope = c.get('scope');
      const [found] = await db
        .select({ assetId: asset.assetId })
        .from(asset)
        .where(and(eq(asset.id, assetDocumentId(scope.gameId, c.req.param('assetId'))), inScope(asset, scope)));
      if (!found) return jsonError(c, 404, 'NOT_FOUND', ASSET_MESSAGES.notFound);
      return c.json(await assetUsage(db, scope, found.assetId));
    })
    .put('/:assetId/file', requirePermission('content.edit'), ...uploadBody, async (c) => {
      const { gameId, ownerId } = c.get('scope');
      const id = assetDocumentId(gameId, c.req.param('assetId'));
      const owns = and(eq(asset.id, id), inScope(asset, { gameId, ownerId }));
      const [current] = await db.select().from(asset).where(owns);
      if (!current) return jsonError(c, 404, 'NOT_FOUND', ASSET_MESSAGES.notFound);
      const read = await readForm(c);
      if (!read.ok) return jsonError(c, read.status, read.code, read.message);
      const image = await readImage(one(read.form.file));
      if (!image.ok) return jsonError(c, image.status, image.code, image.message);
      const { bytes, type } = image;
      // The old file's bytes are freed by the replace, so only the difference counts against the account.
      const early = await refuseOverQuota(db, ownerId, quotas, { bytes: bytes.length - current.size });
      if (early) return jsonError(c, early.status, early.code, early.message);

      // As an upload (decision 010): the new bytes under a new key first, then the row points at them in one
      // transaction that also records the old key for removal; a crash leaves only intents the cleanup settles.
      const storageKey = assetStorageKey(gameId, current.assetId, EXTENSIONS[type], randomBytes(6).toString('hex'));
      const stored = await putThenWrite(
        c,
        { id, storageKey, image, failed: ASSET_MESSAGES.replaceFailed },
        async (tx, writing) => {
          const [locked] = await tx.select().from(asset).where(owns).for('update');
          if (!locked) return undefined;
          const refusal = await refuseOverQuota(tx, ownerId, quotas, { bytes: bytes.length - locked.size });
          if (refusal) throw new QuotaError(refusal);
          const [row] = await tx.update(asset).set({ storageKey, size: bytes.length, type }).where(owns).returning();
          if (!row) return undefined;
          await intents.settle(writing, tx);
          return { row, oldKey: locked.storageKey, removing: await intents.begin('objects', locked.storageKey, tx) };
        },
      );
      if ('response' in stored) return stored.response;
      const replaced = stored.written;
      if (!replaced) return jsonError(c, 404, 'NOT_FOUND', ASSET_MESSAGES.notFound);
      try {
        await storage.delete(replaced.oldKey);
        await intents.settle(replaced.removing);
      } catch (error) {
        logger.error(`deleting ${replaced.oldKey} from storage failed:`, error);
      }
      await liveEvents.publish(ownerId, { topic: 'assets', id: replaced.row.id });
      await liveEvents.publish(ownerId, { topic: 'inventory', id: replaced.row.id });
      return c.json(presentAsset(storage, replaced.row));
    })
    .delete('/:assetId', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const { gameId, ownerId } = c.get('scope');
      // The row goes with an intent to remove its bytes, settled once they are gone (else the cleanup does it).
      const deleted = await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(asset)
          .where(
            and(eq(asset.id, assetDocumentId(gameId, c.req.param('assetId'))), inScope(asset, { gameId, ownerId })),
          )
          .returning();
        return gone ? { row: gone, removing: await intents.begin('objects', gone.storageKey, tx) } : null;
      });
      if (!deleted) return jsonError(c, 404, 'NOT_FOUND', ASSET_MESSAGES.notFound);
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
