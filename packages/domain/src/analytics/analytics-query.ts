import { z } from 'zod';
import type { RollupRow } from './analytics-rollup';
import type { ExperimentComparison } from '../experiments/experiment-comparison';

/**
 * What the Analytics tab asks the server for (decision 044): a game's (or one config's) daily
 * rollups over a range of UTC days, by default the last 30. A range is bounded, so no answer grows without limit.
 */

export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_RANGE_MAX_DAYS = 366;

export const ANALYTICS_QUERY_MESSAGES = {
  dateInvalid: 'Dates are calendar days written YYYY-MM-DD (UTC), such as 2026-03-01.',
  rangeReversed: 'The range ends before it starts: “to” must be on or after “from”.',
  rangeTooLong: `A range is at most ${ANALYTICS_RANGE_MAX_DAYS} days: choose a shorter one.`,
  configIdInvalid: 'configId is the id of one of the game’s daily rewards.',
  configNotFound: 'This game has no daily reward with that id.',
  experimentIdInvalid: 'experimentId is the id of one of the daily reward’s experiments.',
  experimentNeedsConfig: 'An experiment is read with its daily reward: add configId to the query.',
  experimentNotFound: 'This daily reward has no experiment with that id.',
  testersInvalid: 'testers is “include” (count the game’s test players too) or “exclude” (the default).',
} as const;

const DAY_MS = 86_400_000;

const CalendarDaySchema = z
  .string({ error: ANALYTICS_QUERY_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_QUERY_MESSAGES.dateInvalid)
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
  }, ANALYTICS_QUERY_MESSAGES.dateInvalid);

/** The number of days from `from` to `to`, both included. */
export function analyticsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every UTC day from `from` to `to`, both included. */
export function analyticsRangeDayList(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: analyticsRangeDays(from, to) }, (_, at) =>
    new Date(start + at * DAY_MS).toISOString().slice(0, 10),
  );
}

export const AnalyticsQuerySchema = z
  .object({
    from: CalendarDaySchema.optional(),
    to: CalendarDaySchema.optional(),
    configId: z
      .string({ error: ANALYTICS_QUERY_MESSAGES.configIdInvalid })
      .min(1, ANALYTICS_QUERY_MESSAGES.configIdInvalid)
      .max(128, ANALYTICS_QUERY_MESSAGES.configIdInvalid)
      .optional(),
    experimentId: z
      .string({ error: ANALYTICS_QUERY_MESSAGES.experimentIdInvalid })
      .min(1, ANALYTICS_QUERY_MESSAGES.experimentIdInvalid)
      .max(128, ANALYTICS_QUERY_MESSAGES.experimentIdInvalid)
      .optional(),
    /** The game's test players are left out of every figure unless this says include (decision 053). */
    testers: z.enum(['include', 'exclude'], { error: ANALYTICS_QUERY_MESSAGES.testersInvalid }).optional(),
  })
  .superRefine((query, context) => {
    if (query.experimentId !== undefined && query.configId === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['experimentId'],
        message: ANALYTICS_QUERY_MESSAGES.experimentNeedsConfig,
      });
    }
    if (!query.from || !query.to) return;
    if (query.to < query.from)
      context.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_QUERY_MESSAGES.rangeReversed });
    else if (analyticsRangeDays(query.from, query.to) > ANALYTICS_RANGE_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_QUERY_MESSAGES.rangeTooLong });
    }
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/**
 * The range a query asks for on the server's UTC day `today`: both ends given, or the ANALYTICS_DEFAULT_DAYS days
 * ending at `to` (or today), or from `from` on (up to today, at most ANALYTICS_RANGE_MAX_DAYS days).
 */
export function analyticsRange(query: AnalyticsQuery, today: string): { from: string; to: string } | { error: string } {
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  let { from, to } = query;
  if (!from) from = shift(to ?? today, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (!to) {
    to = today < from ? from : today;
    if (analyticsRangeDays(from, to) > ANALYTICS_RANGE_MAX_DAYS) to = shift(from, ANALYTICS_RANGE_MAX_DAYS - 1);
  }
  if (to < from) return { error: ANALYTICS_QUERY_MESSAGES.rangeReversed };
  if (analyticsRangeDays(from, to) > ANALYTICS_RANGE_MAX_DAYS) return { error: ANALYTICS_QUERY_MESSAGES.rangeTooLong };
  return { from, to };
}

/** One day of a rollup as the tab reads it: every day of the range, zeros where nothing happened. */
export type AnalyticsDay = Omit<RollupRow, 'gameId' | 'configId' | 'variantId'>;

export type AnalyticsResponse = {
  from: string;
  to: string;
  /** null: the whole game's figures. */
  configId: string | null;
  /** Whether the game's test players count in these figures (the days and the experiment); by default they do not. */
  includesTestPlayers: boolean;
  days: AnalyticsDay[];
  /**
   * A config's experiment (its running one, else its newest ended one, or the one asked for) with each variant's
   * figures over the days it ran (not the range) and its comparison with the control; null for the game or a
   * config that never ran one.
   */
  experiment: ExperimentComparison | null;
};
