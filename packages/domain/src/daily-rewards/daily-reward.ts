import { z } from 'zod';
import { DAILY_REWARD_CYCLE_DAYS, PACK_ID_MAX_LENGTH } from './daily-reward-limits';
import { DailyRewardTargetingInputSchema, DailyRewardTargetingSchema } from '../targeting/daily-reward-targeting';
import { ExperimentVariantsSchema } from '../experiments/experiment-assignment';
import { ExperimentSchema } from '../experiments/experiment';
import { LayoutNodeSchema } from '../layout/layout-schema';
import { DayStartSchema, MISSED_DAY_SETTINGS } from '../runtime-api/runtime-api';
import { hasForbiddenCharacters, TEXT_MESSAGES } from '../shared/text';
import { requiredTextSchema } from '../shared/required-text-schema';

export { DAILY_REWARD_CYCLE_DAYS, PACK_ID_MAX_LENGTH } from './daily-reward-limits';
/** Names are at most 60 characters. */
export const DAILY_REWARD_NAME_MAX = 60;
/** Timings: how long the save success and save error messages stay. */
export const DAILY_REWARD_SAVED_MESSAGE_MS = 3000;
export const DAILY_REWARD_SAVE_ERROR_MS = 4000;

export const DAILY_REWARD_MESSAGES = {
  nameEmpty: 'Name cannot be empty.',
  nameTooLong: `Keep the name under ${DAILY_REWARD_NAME_MAX} characters.`,
  renameFailed: 'Unable to update name. Try again.',
  saved: '✅ Daily reward saved successfully!',
  saveFailed: '❌ Failed to save. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this daily reward?',
  saveButtonClean: 'Saved',
  saveButtonDirty: 'Save Daily Reward',
  dayInvalid: `Days are whole numbers from 1 to ${DAILY_REWARD_CYCLE_DAYS}.`,
  dayDuplicate: 'Each day has one pack.',
  packRequired: 'Pick a pack for this day.',
  cycleDaysInvalid: `A daily reward cycle is ${DAILY_REWARD_CYCLE_DAYS} days.`,
  updateEmpty:
    'Send a new name, the rewards with cycleDays, the day rules (dayStart, missedDay), the targeting or the variants.',
  dayStartInvalid: 'dayStart is { "kind": "player_midnight" } or { "kind": "utc_time", "minuteOfDay": 0 to 1439 }.',
  minuteOfDayInvalid: 'minuteOfDay is a whole number of minutes after 00:00 UTC, from 0 to 1439 (23:59).',
  missedDayInvalid: `missedDay is ${MISSED_DAY_SETTINGS.map((s) => `"${s}"`).join(' or ')}.`,
  timeRequired: 'Pick a time of day, such as 04:00.',
  rulesIntro:
    'How the game’s server counts a player’s days. These rules apply to players as soon as you save them; the packs of the days above reach players when you publish.',
  panelLeaveTitle: 'Leave with unsaved changes?',
  panelLeaveText: (name: string) =>
    `The changes you made to ${name} (its days, day rules, targeting or variants) have not been saved and will be lost.`,
  panelCheckFields: 'Some fields need a look before this can be saved: see the messages above.',
  rewardsWithCycleDays: 'Rewards and cycleDays are saved together.',
  notFound: 'Daily reward not found.',
  layoutConflict:
    'This layout was changed in another tab since you opened it. Reload to see the newer one, or overwrite it with yours.',
  rewardsConflict:
    'These days were changed in another tab or by someone else since you opened them. Reload to see the saved days, or overwrite them with yours.',
  conflictReload: 'Reload saved days',
  conflictOverwrite: 'Overwrite with mine',
  unknownPacks: 'A daily reward can only give packs of its own game.',
  todayIndexHelp:
    'Which day of the cycle the popup shows as today (8 is day 1 again). Blank: the day after the streak’s claimed days.',
} as const;

/** Deleting a pack that daily rewards give is refused, naming them (as an item in packs is). */
export function packInUseMessage(configNames: readonly string[]): string {
  const list = configNames.map((name) => `"${name}"`).join(', ');
  const one = configNames.length === 1;
  return `This pack is given by ${one ? 'daily reward' : `${configNames.length} daily rewards`} ${list}. Assign another pack to ${one ? 'its days' : 'their days'} first.`;
}

/**
 * The editor's save writes uiLayout, a layout checked as untrusted (the renderer trusts what passed). With
 * baseVersion (the layoutVersion the editor loaded), a save over a newer layout is refused rather than silently
 * overwriting another tab's work; without it, the save overwrites (the editor's "overwrite" choice).
 */
export const UpdateDailyRewardLayoutInputSchema = z.strictObject({
  uiLayout: LayoutNodeSchema,
  baseVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

// Not exported: the runtime's own module (daily-streak.ts) names these types for the rest of the code.
type DayStart = z.infer<typeof DayStartSchema>;
type MissedDay = (typeof MISSED_DAY_SETTINGS)[number];

/**
 * The runtime's two rules of a config (decisions 034 and 035): when a player's day starts, and what a
 * missed day does. They apply to players from their save; the days (packs) reach players when published.
 */
export const DAY_START_KINDS = ['player_midnight', 'utc_time'] as const satisfies readonly DayStart['kind'][];
export type DayStartKind = (typeof DAY_START_KINDS)[number];
export const DAY_START_LABELS: Record<DayStartKind, string> = {
  player_midnight: 'At midnight in the player’s time zone',
  utc_time: 'At a fixed time (UTC)',
};
export const MISSED_DAY_LABELS: Record<MissedDay, { label: string; hint: string }> = {
  keep_progress: { label: 'Keep progress', hint: 'The next unclaimed day waits for the player.' },
  start_over: { label: 'Start over at day 1', hint: 'A day without a claim sends the player back to day 1.' },
};
export const MINUTES_PER_DAY = 24 * 60;

const MinuteOfDaySchema = z
  .number({ error: DAILY_REWARD_MESSAGES.minuteOfDayInvalid })
  .int(DAILY_REWARD_MESSAGES.minuteOfDayInvalid)
  .min(0, DAILY_REWARD_MESSAGES.minuteOfDayInvalid)
  .max(MINUTES_PER_DAY - 1, DAILY_REWARD_MESSAGES.minuteOfDayInvalid);

/** DayStartSchema (the runtime's contract) as the dashboard accepts it: strict, with messages a person can act on. */
export const DayStartInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('player_midnight') }, { error: DAILY_REWARD_MESSAGES.dayStartInvalid }),
    z.strictObject(
      { kind: z.literal('utc_time'), minuteOfDay: MinuteOfDaySchema },
      { error: DAILY_REWARD_MESSAGES.dayStartInvalid },
    ),
  ],
  { error: DAILY_REWARD_MESSAGES.dayStartInvalid },
) satisfies z.ZodType<DayStart>;

export const MissedDaySchema = z.enum(MISSED_DAY_SETTINGS, { error: DAILY_REWARD_MESSAGES.missedDayInvalid });

/** "HH:MM" (24-hour, what a time input holds) for minutes after midnight. */
export function timeOfMinuteOfDay(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/** Minutes after midnight for "HH:MM" (or "HH:MM:SS", seconds dropped); null for anything else. */
export function minuteOfDayOfTime(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?$/.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** One message naming every day without a pack, e.g. "Assign a pack to day(s) 2, 5". */
export function missingDaysMessage(days: readonly number[]): string {
  return `Assign a pack to day(s) ${days.join(', ')}`;
}

const DEFAULT_NAME = /^Daily Reward (\d{1,9})$/;

/**
 * The spec's default name "Daily Reward N" for a new config: one more than the highest N among the game's configs
 * named that way (1 when there are none). Counting the configs instead would repeat a name after a deletion
 * ("Daily Reward 1" deleted of two: the next would be a second "Daily Reward 2").
 */
export function defaultDailyRewardName(existingNames: readonly string[]): string {
  const highest = existingNames.reduce((max, name) => {
    const n = DEFAULT_NAME.exec(name.trim())?.[1];
    return n === undefined ? max : Math.max(max, Number(n));
  }, 0);
  return `Daily Reward ${highest + 1}`;
}

export const DailyRewardNameSchema = requiredTextSchema(
  DAILY_REWARD_NAME_MAX,
  { required: DAILY_REWARD_MESSAGES.nameEmpty, tooLong: DAILY_REWARD_MESSAGES.nameTooLong },
  { refuseControlCharacters: true },
);

export const DailyRewardEntrySchema = z.object({
  day: z
    .number({ error: DAILY_REWARD_MESSAGES.dayInvalid })
    .int(DAILY_REWARD_MESSAGES.dayInvalid)
    .min(1, DAILY_REWARD_MESSAGES.dayInvalid)
    .max(DAILY_REWARD_CYCLE_DAYS, DAILY_REWARD_MESSAGES.dayInvalid),
  packId: z
    .string({ error: DAILY_REWARD_MESSAGES.packRequired })
    .trim()
    .min(1, DAILY_REWARD_MESSAGES.packRequired)
    .max(PACK_ID_MAX_LENGTH, DAILY_REWARD_MESSAGES.packRequired)
    .refine((id) => !hasForbiddenCharacters(id), TEXT_MESSAGES.controlCharacters),
});
export type DailyRewardEntry = z.infer<typeof DailyRewardEntrySchema>;

/** The days 1..7 that no entry gives a pack, in order. */
export function missingDays(rewards: readonly { day: number; packId?: string | null }[]): number[] {
  const covered = new Set(rewards.filter((entry) => entry.packId).map((entry) => entry.day));
  return Array.from({ length: DAILY_REWARD_CYCLE_DAYS }, (_, i) => i + 1).filter((day) => !covered.has(day));
}

/** A reward set is saved only whole: each of the 7 days exactly once, each with a pack. */
export const DailyRewardRewardsSchema = z
  .array(DailyRewardEntrySchema, { error: missingDaysMessage([1, 2, 3, 4, 5, 6, 7]) })
  .max(DAILY_REWARD_CYCLE_DAYS, DAILY_REWARD_MESSAGES.dayDuplicate)
  .superRefine((rewards, ctx) => {
    if (new Set(rewards.map((entry) => entry.day)).size !== rewards.length) {
      ctx.addIssue({ code: 'custom', message: DAILY_REWARD_MESSAGES.dayDuplicate });
      return;
    }
    const missing = missingDays(rewards);
    if (missing.length) ctx.addIssue({ code: 'custom', message: missingDaysMessage(missing) });
  })
  .transform((rewards) => [...rewards].sort((a, b) => a.day - b.day));

export const CreateDailyRewardInputSchema = z.strictObject({ name: DailyRewardNameSchema.optional() });
export type CreateDailyRewardInput = z.input<typeof CreateDailyRewardInputSchema>;

/**
 * An update sets the name, or the rewards with cycleDays, the day rules, the targeting and the running
 * experiment's variants: any of them at once, all stored or none.
 */
export const UpdateDailyRewardInputSchema = z
  .strictObject({
    name: DailyRewardNameSchema.optional(),
    rewards: DailyRewardRewardsSchema.optional(),
    cycleDays: z.literal(DAILY_REWARD_CYCLE_DAYS, { error: DAILY_REWARD_MESSAGES.cycleDaysInvalid }).optional(),
    /**
     * The rewardsVersion the editor loaded (decision 032): rewards saved over newer ones are refused with 409
     * DAILY_REWARD_CONFLICT rather than silently overwriting another tab's; without it, the save overwrites.
     */
    baseRewardsVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    /**
     * The runtime's rules (decision 035): saved as sent, whatever the days' version, since they are not the days
     * (a save with baseRewardsVersion that is refused stores none of its fields, these included).
     */
    dayStart: DayStartInputSchema.optional(),
    missedDay: MissedDaySchema.optional(),
    /**
     * The config's whole targeting (decision 038), saved with the rest in the same transaction: the Daily Rewards
     * panel has one save (decision 055). A refusal of any part stores none of them.
     */
    targeting: DailyRewardTargetingInputSchema.optional(),
    /** The running experiment's variants (renamed, reweighted, added; decision 046), in the same transaction. */
    variants: ExperimentVariantsSchema.optional(),
  })
  .refine(
    (input) =>
      input.name !== undefined ||
      input.rewards !== undefined ||
      input.dayStart !== undefined ||
      input.missedDay !== undefined ||
      input.targeting !== undefined ||
      input.variants !== undefined,
    DAILY_REWARD_MESSAGES.updateEmpty,
  )
  .refine(
    (input) => (input.rewards === undefined) === (input.cycleDays === undefined),
    DAILY_REWARD_MESSAGES.rewardsWithCycleDays,
  );
export type UpdateDailyRewardInput = z.input<typeof UpdateDailyRewardInputSchema>;

/** A daily reward config as the API returns it. Its rewards may still lack days: only a save needs all 7. */
export const DailyRewardSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  ownerId: z.string(),
  name: z.string(),
  cycleDays: z.literal(DAILY_REWARD_CYCLE_DAYS),
  rewards: z.array(DailyRewardEntrySchema).max(DAILY_REWARD_CYCLE_DAYS),
  uiLayout: LayoutNodeSchema.nullable(),
  /** How many times the layout has been saved: the editor's save names the version it started from. */
  layoutVersion: z.number().int().min(0),
  /** How many times the days have been saved: the day editor's save names the version it started from. */
  rewardsVersion: z.number().int().min(0),
  /** When a player's day starts, for the runtime (decision 034). */
  dayStart: DayStartSchema,
  /** What a missed day does to a player's progress. */
  missedDay: MissedDaySchema,
  /** Which players get it, when, and its priority (decision 038): a setting of the runtime, like the two above. */
  targeting: DailyRewardTargetingSchema,
  /**
   * Its running A/B test of the popup (decision 046), or null. The server always sends it; optional
   * so that a config written before experiments (a test's fixture) still reads.
   */
  experiment: ExperimentSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  enabled: z.boolean(),
});
export type DailyReward = z.infer<typeof DailyRewardSchema>;
