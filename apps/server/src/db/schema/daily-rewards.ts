import { index, integer, jsonb, pgTable, text, boolean } from 'drizzle-orm/pg-core';
import type { DailyRewardEntry, MissedDaySetting } from '@liveops/domain/daily-rewards';
import type { LayoutNode } from '@liveops/domain/layout';
import { timestamps, timestamptz } from './columns';
import { ownedByGame } from './games';
import { segment } from './segments';

/**
 * Daily reward config. Rewards are saved whole (all 7 days) but may be empty on a new config; uiLayout is
 * null until the UI editor saves one (the default layout is generated when it is shown).
 */
export const dailyReward = pgTable(
  'daily_reward',
  {
    id: text('id').primaryKey(),
    ...ownedByGame(),
    name: text('name').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    rewards: jsonb('rewards').$type<DailyRewardEntry[]>().notNull(),
    uiLayout: jsonb('ui_layout').$type<LayoutNode>(),
    layoutVersion: integer('layout_version').notNull().default(0),
    /** How many times the days (rewards) have been saved: a save names the one it started from (decision 032). */
    rewardsVersion: integer('rewards_version').notNull().default(0),
    /**
     * When a player's day starts (decision 034): 'player_midnight' (the player's own time zone) or 'utc_time' at
     * dayStartMinute minutes after 00:00 UTC.
     */
    dayStartKind: text('day_start_kind').$type<'player_midnight' | 'utc_time'>().notNull().default('player_midnight'),
    dayStartMinute: integer('day_start_minute').notNull().default(0),
    /** What a missed day does to a player's progress: keep it, or start over at day 1. */
    missedDay: text('missed_day').$type<MissedDaySetting>().notNull().default('keep_progress'),
    /**
     * Targeting and schedule (decision 038): the players it applies to (a segment of the same game; null = everyone),
     * when it applies (UTC; null = open-ended) and its priority. A player gets the one config that applies to them
     * with the highest priority, ties broken by the oldest. A segment in use cannot be deleted (no action FK).
     */
    segmentId: text('segment_id').references(() => segment.id),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    priority: integer('priority').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('daily_reward_game_idx').on(t.gameId, t.ownerId, t.createdAt),
    index('daily_reward_segment_idx').on(t.segmentId),
  ],
);
