import { eq } from 'drizzle-orm';
import { suggestInventoryKey, uniqueInventoryKey, type InventoryKind } from '@liveops/domain/inventory';
import type { Db } from '../db/database';
import { item, pack } from '../db/schema';
import { databaseErrorCode } from '../db/database-errors';

/** Whether a write failed on the game's unique key of items or packs (decision 051). */
export function isKeyTaken(error: unknown): boolean {
  if (databaseErrorCode(error) !== '23505') return false;
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    const text = `${typeof constraint === 'string' ? constraint : ''} ${(e as { message?: unknown }).message as string}`;
    if (/(item|pack)_game_key_idx/.test(text)) return true;
  }
  return false;
}

/** The key a new entry gets when the studio sent none: its name's suggestion, numbered past the game's keys. */
export async function suggestedKeyOf(db: Db, kind: InventoryKind, gameId: string, name: string): Promise<string> {
  const table = kind === 'item' ? item : pack;
  const rows = await db.select({ key: table.key }).from(table).where(eq(table.gameId, gameId));
  return uniqueInventoryKey(
    suggestInventoryKey(name, kind),
    rows.map((row) => row.key),
  );
}

/**
 * Runs a create with the studio's key, or with a suggested one retried (at most 3 times) when a create at the same
 * moment took it; a studio's own key that is taken is refused (`'taken'`).
 */
export async function withKey<T>(
  db: Db,
  kind: InventoryKind,
  gameId: string,
  name: string,
  chosen: string | undefined,
  create: (key: string) => Promise<T>,
): Promise<T | 'taken'> {
  for (let tries = 0; ; tries++) {
    const key = chosen ?? (await suggestedKeyOf(db, kind, gameId, name));
    try {
      return await create(key);
    } catch (error) {
      if (!isKeyTaken(error)) throw error;
      if (chosen !== undefined || tries >= 2) return 'taken';
    }
  }
}
