import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { game } from '../db/schema';

/** The id of the caller's own enabled game, or null: another owner's game is answered like a missing one. */
export async function findOwnGameId(db: Db, ownerId: string, gameId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: game.id })
    .from(game)
    .where(and(eq(game.id, gameId), eq(game.ownerId, ownerId), eq(game.enabled, true)));
  return row?.id ?? null;
}
