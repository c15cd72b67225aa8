import { sql } from 'drizzle-orm';
import { TEST_PLAYERS_PER_GAME_MAX } from '@liveops/domain/players';
import type { Db } from '../db/database';

/**
 * A game's test players as the runtime keeps them with the game (decision 040): their clock offsets by the game's
 * id for the player and by our player row id (the token's `p`). The map by player id serves tokens that name a
 * tester's id (`i`, set at a tester's session); the map by row id serves tokens made before the player became a
 * tester. Both are read with the game and emptied with it by the dashboard's live events, on every instance: an
 * offset changed in the dashboard applies to the tester's next request. A request of anyone else costs a map
 * lookup in an empty map.
 */
export type RuntimeTesters = {
  byPlayerId: ReadonlyMap<string, number>;
  byRef: ReadonlyMap<string, number>;
};

export async function loadTesters(db: Db, gameId: string): Promise<RuntimeTesters> {
  const result = (await db.execute(
    sql`select t.player_id, t.clock_offset_ms::text as offset, p.id as ref
        from test_player t left join player p on p.game_id = t.game_id and p.player_id = t.player_id
        where t.game_id = ${gameId}
        limit ${TEST_PLAYERS_PER_GAME_MAX}`,
  )) as unknown as { rows: { player_id: string; offset: string; ref: string | null }[] };
  const byPlayerId = new Map<string, number>();
  const byRef = new Map<string, number>();
  for (const row of result.rows) {
    const offset = Number(row.offset);
    byPlayerId.set(row.player_id, offset);
    if (row.ref !== null) byRef.set(row.ref, offset);
  }
  return { byPlayerId, byRef };
}

/**
 * How far this token's player's clock is from the server's: their offset if they are a test player of the game
 * now, else 0. Only the dashboard sets an offset; nothing a game client sends reaches this.
 */
export function testerOffset(game: { testers: RuntimeTesters }, claims: { p: string; i?: string }): number {
  const { byPlayerId, byRef } = game.testers;
  if (byPlayerId.size === 0) return 0;
  return (claims.i === undefined ? undefined : byPlayerId.get(claims.i)) ?? byRef.get(claims.p) ?? 0;
}

/** What a session's token carries for a test player: their id for the game, so any instance finds their offset. */
export function testerTokenClaims(game: { testers: RuntimeTesters }, playerId: string): { i?: string } {
  return game.testers.byPlayerId.has(playerId) ? { i: playerId } : {};
}

/** A tester's instants moved back onto the server's clock (the domain's rule, re-exported for the routes). */
export { onServerClock } from '@liveops/domain/players';
