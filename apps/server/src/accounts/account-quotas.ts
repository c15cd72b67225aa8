import { count, eq, sql } from 'drizzle-orm';
import { QUOTA_MESSAGES } from '@liveops/domain/accounts';
import type { Db } from '../db/database';
import { asset, game, studio } from '../db/schema';
import { gamesOf, ownedBy } from '../games/game-scope';
import type { Config } from '../env';

export type Quotas = Pick<Config, 'maxGamesPerAccount' | 'maxStorageBytesPerAccount'>;

/** A refusal to answer with (the route's jsonError), or null when the account has room. */
export type QuotaRefusal = { status: 403 | 413; code: string; message: string };

/**
 * Whether the studio can take `adding` more games and stored bytes (decision 032; since decision 064 the limits
 * are a studio's, which is what owns games: an account's own studio has the limits an account had).
 * Inside the caller's transaction, with the studio's row locked first, so two requests at once (on any
 * instance) are counted one after the other and cannot both slip under the limit. Stored bytes are the
 * studio's asset images; published packs are made from them and bounded with them.
 */
export async function refuseOverQuota(
  tx: Db,
  ownerId: string,
  quotas: Quotas,
  adding: { games?: number; bytes?: number },
): Promise<QuotaRefusal | null> {
  await tx.select({ id: studio.id }).from(studio).where(eq(studio.id, ownerId)).for('update');
  if (adding.games) {
    const [games] = await tx.select({ n: count() }).from(game).where(gamesOf(ownerId));
    if ((games?.n ?? 0) + adding.games > quotas.maxGamesPerAccount) {
      return { status: 403, code: 'GAME_LIMIT', message: QUOTA_MESSAGES.games(quotas.maxGamesPerAccount) };
    }
  }
  if (adding.bytes) {
    const [stored] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${asset.size}), 0)` })
      .from(asset)
      .where(ownedBy(asset, ownerId));
    if (Number(stored?.bytes ?? 0) + adding.bytes > quotas.maxStorageBytesPerAccount) {
      return { status: 413, code: 'STORAGE_LIMIT', message: QUOTA_MESSAGES.storage(quotas.maxStorageBytesPerAccount) };
    }
  }
  return null;
}

/** A refusal thrown out of a transaction (rolling it back) and answered by the route. */
export class QuotaError extends Error {
  constructor(readonly refusal: QuotaRefusal) {
    super(refusal.message);
  }
}
