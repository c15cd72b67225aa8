import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { ownedByGame } from './games';

/** Segment: a CEL rule over the player fields, checked on the way in. */
export const segment = pgTable(
  'segment',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    expression: text('expression').notNull(),
    logicType: text('logic_type').$type<'CEL'>().notNull().default('CEL'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('segment_game_idx').on(t.gameId, t.ownerId, t.createdAt)],
);
