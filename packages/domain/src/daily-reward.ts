import { z } from 'zod';
import { DAILY_REWARD_CYCLE_DAYS, PACK_ID_MAX_LENGTH } from './daily-reward-limits';
import { LayoutNodeSchema } from './layout-schema';
import { hasBidiControl, hasForbiddenCharacters, hasVisibleCharacter, TEXT_MESSAGES } from './text';

export { DAILY_REWARD_CYCLE_DAYS, PACK_ID_MAX_LENGTH } from './daily-reward-limits';
/** §9: names are at most 60 characters. */
export const DAILY_REWARD_NAME_MAX = 60;
/** §9 timings: how long the save success and save error messages stay. */
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
  updateEmpty: 'Send a new name, or the rewards with cycleDays.',
  rewardsWithCycleDays: 'Rewards and cycleDays are saved together.',
  notFound: 'Daily reward not found.',
  layoutConflict:
    'This layout was changed in another tab since you opened it. Reload to see the newer one, or overwrite it with yours.',
  rewardsConflict:
    'These days were changed in another tab or by someone else since you opened them. Reload to see the saved days, or overwrite them with yours.',
  conflictReload: 'Reload saved days',
  conflictOverwrite: 'Overwrite with mine',
  unknownPacks: 'A daily reward can only give packs of its own game.',
  leaveTitle: 'Leave with unsaved day assignments?',
  leaveText: (name: string) => `The packs you assigned to the days of ${name} have not been saved and will be lost.`,
  /** The emulator's Today Index, said beside it. */
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
 * §7: the editor's save writes uiLayout, a layout checked as untrusted (the renderer trusts what passed). With
 * baseVersion (the layoutVersion the editor loaded), a save over a newer layout is refused rather than silently
 * overwriting another tab's work; without it, the save overwrites (the editor's "overwrite" choice).
 */
export const UpdateDailyRewardLayoutInputSchema = z.strictObject({
  uiLayout: LayoutNodeSchema,
  baseVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** §5: one message naming every day without a pack, e.g. "Assign a pack to day(s) 2, 5". */
export function missingDaysMessage(days: readonly number[]): string {
  return `Assign a pack to day(s) ${days.join(', ')}`;
}

const DEFAULT_NAME = /^Daily Reward (\d{1,9})$/;

/**
 * §3's default name "Daily Reward N" for a new config: one more than the highest N among the game's configs
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

export const DailyRewardNameSchema = z
  .string({ error: DAILY_REWARD_MESSAGES.nameEmpty })
  .trim()
  .min(1, DAILY_REWARD_MESSAGES.nameEmpty)
  .max(DAILY_REWARD_NAME_MAX, DAILY_REWARD_MESSAGES.nameTooLong)
  .refine(hasVisibleCharacter, DAILY_REWARD_MESSAGES.nameEmpty)
  .refine((name) => !hasForbiddenCharacters(name), TEXT_MESSAGES.controlCharacters)
  .refine((text) => !hasBidiControl(text), TEXT_MESSAGES.bidiControls);

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

/** §4/§5: a reward set is saved only whole: each of the 7 days exactly once, each with a pack. */
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

/** §7: an update sets the name, or the rewards with cycleDays (or both at once). */
export const UpdateDailyRewardInputSchema = z
  .strictObject({
    name: DailyRewardNameSchema.optional(),
    rewards: DailyRewardRewardsSchema.optional(),
    cycleDays: z.literal(DAILY_REWARD_CYCLE_DAYS, { error: DAILY_REWARD_MESSAGES.cycleDaysInvalid }).optional(),
    /**
     * The rewardsVersion the editor loaded (issue 24 item 5): rewards saved over newer ones are refused with 409
     * DAILY_REWARD_CONFLICT rather than silently overwriting another tab's; without it, the save overwrites.
     */
    baseRewardsVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((input) => input.name !== undefined || input.rewards !== undefined, DAILY_REWARD_MESSAGES.updateEmpty)
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
  createdAt: z.string(),
  updatedAt: z.string(),
  enabled: z.boolean(),
});
export type DailyReward = z.infer<typeof DailyRewardSchema>;
