import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LayoutNode } from '@liveops/domain/layout';
import { timestamps, timestamptz } from './columns';
import { dailyReward } from './daily-rewards';
import { ownedByGame } from './games';

/**
 * A/B test of a daily reward config's popup (decision 046). At most one running experiment per
 * config (the partial unique index); an ended one is kept for the analytics' history, with its winner (null when
 * ended without promoting). A new start is a new id, so everyone is reshuffled. Deleted with its config.
 */
export const experiment = pgTable(
  'experiment',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    configId: text('config_id')
      .notNull()
      .references(() => dailyReward.id, { onDelete: 'cascade' }),
    status: text('status').$type<'running' | 'ended'>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    winnerVariantId: text('winner_variant_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('experiment_config_running_idx')
      .on(t.configId)
      .where(sql`${t.status} = 'running'`),
    index('experiment_config_idx').on(t.configId, t.startedAt),
    index('experiment_game_idx').on(t.gameId, t.ownerId),
  ],
);

/**
 * An experiment's variant, in its order (position 0 is the control). The control's layout is the config's own
 * (ui_layout null here); every other variant has its own layout and version, like the config's.
 */
export const experimentVariant = pgTable(
  'experiment_variant',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiment.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    uiLayout: jsonb('ui_layout').$type<LayoutNode>(),
    layoutVersion: integer('layout_version').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'experiment_variant_pkey', columns: [t.experimentId, t.variantId] })],
);

/**
 * A player's first assignment in an experiment, written once (ON CONFLICT DO NOTHING) and never changed, so a
 * weight edit moves nobody already assigned. Written by the runtime's hot path: no foreign keys (decision 041);
 * the experiment_assignment_delete triggers (migration 0018) delete the rows with their experiment or player.
 */
export const experimentAssignment = pgTable(
  'experiment_assignment',
  {
    gameId: text('game_id').notNull(),
    experimentId: text('experiment_id').notNull(),
    playerRef: text('player_ref').notNull(),
    variantId: text('variant_id').notNull(),
    assignedAt: timestamptz('assigned_at').notNull(),
  },
  (t) => [primaryKey({ name: 'experiment_assignment_pkey', columns: [t.experimentId, t.playerRef] })],
);
