import { z } from 'zod';
import type { TargetableConfig } from './daily-reward-selection';

/**
 * A daily-reward config's targeting and schedule as the dashboard edits them (decision 038):
 * segment, start, end and priority, their bounds and messages. Which config a player gets: daily-reward-selection.ts.
 */

export const DAILY_REWARD_PRIORITY_MIN = -1000;
export const DAILY_REWARD_PRIORITY_MAX = 1000;
/** Schedules are bounded so that every instant is a plain ISO 8601 date and a PostgreSQL timestamptz. */
const SCHEDULE_MIN_MS = Date.UTC(2000, 0, 1);
const SCHEDULE_MAX_MS = Date.UTC(2100, 0, 1);
const SEGMENT_ID_MAX_LENGTH = 128;

export const TARGETING_MESSAGES = {
  segmentIdInvalid: 'segmentId is the id of one of this game’s segments, or null for every player.',
  segmentUnknown: 'Pick one of this game’s segments: this segment does not exist here (or was deleted).',
  instantInvalid:
    'Start and end are ISO 8601 dates with a time zone, such as "2026-12-20T00:00:00Z", between the years 2000 and 2100, or null.',
  inverted: 'The end must come after the start.',
  endInPast: 'The end is in the past: the config would never apply. Pick a later end, or none.',
  priorityInvalid: `Priority is a whole number from ${DAILY_REWARD_PRIORITY_MIN} to ${DAILY_REWARD_PRIORITY_MAX}.`,
  intro:
    'Which players get this config, and when. A player gets the one config that applies to them with the highest priority (ties: the oldest config). Applies to players as soon as you save it.',
  everyone: 'Every player',
  dateInvalid: 'Enter a date and a time, or leave it empty.',
  zoneHint: (zone: string) => `Times are in your time zone, ${zone}, and stored in UTC. Empty: no start, or no end.`,
  overlapsTitle: 'Configs that can apply to the same player',
  overlapsIntro: 'A player gets only one of them: the one with the highest priority, or the oldest on a tie.',
} as const;

/** "always", "from A", "until B" or "from A until B", with instants written by `format`. */
export function scheduleText(startsAt: number | null, endsAt: number | null, format: (ms: number) => string): string {
  if (startsAt === null && endsAt === null) return 'always';
  if (endsAt === null) return `from ${format(startsAt!)}`;
  if (startsAt === null) return `until ${format(endsAt)}`;
  return `from ${format(startsAt)} until ${format(endsAt)}`;
}

/** Deleting a segment that daily rewards target is refused, naming them (as a pack that daily rewards give is). */
export function segmentInUseMessage(configNames: readonly string[]): string {
  const list = configNames.map((name) => `"${name}"`).join(', ');
  const one = configNames.length === 1;
  return `This segment is targeted by ${one ? 'daily reward' : `${configNames.length} daily rewards`} ${list}. Target ${one ? 'it' : 'them'} at another segment or at every player first.`;
}

/** A config's targeting as the dashboard's API shows it (instants as ISO 8601 UTC). */
export const DailyRewardTargetingSchema = z.object({
  segmentId: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  priority: z.number().int(),
});
export type DailyRewardTargeting = z.infer<typeof DailyRewardTargetingSchema>;

export const DEFAULT_TARGETING: DailyRewardTargeting = { segmentId: null, startsAt: null, endsAt: null, priority: 0 };

const InstantSchema = z
  .string({ error: TARGETING_MESSAGES.instantInvalid })
  .max(40, TARGETING_MESSAGES.instantInvalid)
  .pipe(z.iso.datetime({ offset: true, error: TARGETING_MESSAGES.instantInvalid }))
  .transform((text) => new Date(text).toISOString())
  .refine((iso) => {
    const ms = Date.parse(iso);
    return ms >= SCHEDULE_MIN_MS && ms <= SCHEDULE_MAX_MS;
  }, TARGETING_MESSAGES.instantInvalid);

/**
 * What `PUT …/daily-rewards/:id/targeting` takes: the whole targeting at once (the form saves it whole). Instants
 * with any offset are stored as UTC. An end in the past needs the clock and what is stored: endInPastProblem.
 */
export const DailyRewardTargetingInputSchema = z
  .strictObject({
    segmentId: z
      .string({ error: TARGETING_MESSAGES.segmentIdInvalid })
      .min(1, TARGETING_MESSAGES.segmentIdInvalid)
      .max(SEGMENT_ID_MAX_LENGTH, TARGETING_MESSAGES.segmentIdInvalid)
      .regex(/^[\w-]+$/, TARGETING_MESSAGES.segmentIdInvalid)
      .nullable(),
    startsAt: InstantSchema.nullable(),
    endsAt: InstantSchema.nullable(),
    priority: z
      .number({ error: TARGETING_MESSAGES.priorityInvalid })
      .int(TARGETING_MESSAGES.priorityInvalid)
      .min(DAILY_REWARD_PRIORITY_MIN, TARGETING_MESSAGES.priorityInvalid)
      .max(DAILY_REWARD_PRIORITY_MAX, TARGETING_MESSAGES.priorityInvalid),
  })
  .refine(
    (input) =>
      input.startsAt === null || input.endsAt === null || Date.parse(input.endsAt) > Date.parse(input.startsAt),
    { message: TARGETING_MESSAGES.inverted, path: ['endsAt'] },
  );
export type DailyRewardTargetingInput = z.input<typeof DailyRewardTargetingInputSchema>;

/**
 * An end at or before `now` is refused, unless it is the end already stored (a config that has ended may still
 * have its segment or priority changed without inventing a new end).
 */
export function endInPastProblem(endsAt: string | null, now: number, storedEndsAt: string | null): string | null {
  if (endsAt === null || endsAt === storedEndsAt) return null;
  return Date.parse(endsAt) <= now ? TARGETING_MESSAGES.endInPast : null;
}

/** A config as the API shows it, for selection (ISO instants to milliseconds). */
export function targetableOf(config: {
  id: string;
  createdAt: string;
  enabled: boolean;
  targeting: DailyRewardTargeting;
}): TargetableConfig {
  const { segmentId, startsAt, endsAt, priority } = config.targeting;
  return {
    id: config.id,
    createdAt: Date.parse(config.createdAt),
    segmentId,
    startsAt: startsAt === null ? null : Date.parse(startsAt),
    endsAt: endsAt === null ? null : Date.parse(endsAt),
    priority,
    enabled: config.enabled,
  };
}
