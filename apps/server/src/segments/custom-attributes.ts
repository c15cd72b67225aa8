import { and, asc, eq } from 'drizzle-orm';
import {
  CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES,
  type CustomAttribute,
  checkSegmentExpression,
  formatProblem,
} from '@liveops/domain/segments';
import type { Db } from '../db/database';
import { game, segment } from '../db/schema';
import { ownedGame } from '../games/game-scope';

/**
 * A game's custom attribute declarations (decision 039) and the rule that ties them to its segments:
 * every segment checks with the declarations. A change of the declarations locks the game's row; a segment's save
 * holds it shared, so one waits for the other and neither can slip past the other's check.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const sameDeclarations = (a: readonly CustomAttribute[], b: readonly CustomAttribute[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export async function customAttributesOf(db: Db, gameId: string): Promise<CustomAttribute[]> {
  const [row] = await db.select({ customAttributes: game.customAttributes }).from(game).where(eq(game.id, gameId));
  return row?.customAttributes ?? [];
}

/**
 * Writes a segment whose expression was checked with `checkedWith`, holding the game's declarations shared while it
 * does. If they changed meanwhile, the expression is checked again with them: a problem is answered then (as the
 * checker's message) and nothing is written.
 */
export async function writeSegmentChecked<T>(
  db: Db,
  gameId: string,
  expression: string,
  checkedWith: readonly CustomAttribute[],
  write: (tx: Tx) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ customAttributes: game.customAttributes })
      .from(game)
      .where(eq(game.id, gameId))
      .for('share');
    const declared = row?.customAttributes ?? [];
    if (!sameDeclarations(declared, checkedWith)) {
      const problem = checkSegmentExpression(expression, declared);
      if (problem) return { ok: false, message: formatProblem(problem) };
    }
    return { ok: true, value: await write(tx) };
  });
}

/**
 * Replaces a game's declarations, unless a segment of the game that checks with the current ones would not check
 * with the new ones: then nothing changes, and the answer names the first such segment with its checker's message.
 * Null for a game that is not the owner's.
 */
export async function replaceCustomAttributes(
  db: Db,
  scope: { gameId: string; ownerId: string },
  next: CustomAttribute[],
): Promise<{ ok: true; customAttributes: CustomAttribute[] } | { ok: false; message: string } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ customAttributes: game.customAttributes })
      .from(game)
      .where(ownedGame(scope))
      .for('update');
    if (!current) return null;
    const segments = await tx
      .select({ name: segment.name, expression: segment.expression })
      .from(segment)
      .where(and(eq(segment.gameId, scope.gameId), eq(segment.enabled, true)))
      .orderBy(asc(segment.createdAt), asc(segment.id));
    for (const { name, expression } of segments) {
      const problem = checkSegmentExpression(expression, next);
      // A segment that did not check before either (saved before its checker knew better) blocks nothing.
      if (problem && !checkSegmentExpression(expression, current.customAttributes)) {
        return { ok: false, message: CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.inUse(name, formatProblem(problem)) };
      }
    }
    const [row] = await tx
      .update(game)
      .set({ customAttributes: next, updatedAt: new Date() })
      .where(eq(game.id, scope.gameId))
      .returning({ customAttributes: game.customAttributes });
    return row ? { ok: true, customAttributes: row.customAttributes } : null;
  });
}
