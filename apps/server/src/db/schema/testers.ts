import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { ownedByGame } from './games';

/**
 * A test player (decision 040): one of the game's player ids whose runtime clock runs at server time plus
 * clockOffsetMs (at most a year either way). Set only from the dashboard, never by a game client.
 */
export const testPlayer = pgTable(
  'test_player',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    playerId: text('player_id').notNull(),
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('test_player_game_player_idx').on(t.gameId, t.playerId),
    check('test_player_offset_bounded', sql`abs(${t.clockOffsetMs}) <= 31622400000`),
  ],
);
