import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverSignature } from '../db/schema';

/** Expired signatures are deleted at most this often per instance (each call would be a statement for nothing). */
const PRUNE_INTERVAL_MS = 60_000;

export type ServerSignatures = {
  /**
   * Records a server call's signature until `expiresAt` (when its timestamp is no longer accepted): true the first
   * time, false when any instance received it before (a replay).
   */
  firstUse: (signature: string, expiresAt: number) => Promise<boolean>;
};

/**
 * The replay record of the server-signed calls (decision 057): a table with the signature's hash
 * as its key, shared by every instance, so a captured call is accepted once wherever it is sent again. A row is
 * needed only while its timestamp is accepted; expired ones are deleted now and then.
 */
export function createServerSignatures(deps: { db: Db; now: () => number }): ServerSignatures {
  let prunedAt = 0;
  return {
    async firstUse(signature, expiresAt) {
      const now = deps.now();
      if (now - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = now;
        await deps.db.delete(serverSignature).where(lt(serverSignature.expiresAt, new Date(now)));
      }
      const hash = createHash('sha256').update(signature.toLowerCase()).digest('hex');
      const inserted = await deps.db
        .insert(serverSignature)
        .values({ hash, expiresAt: new Date(expiresAt) })
        .onConflictDoNothing()
        .returning({ hash: serverSignature.hash });
      return inserted.length > 0;
    },
  };
}
