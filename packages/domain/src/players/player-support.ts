import { z } from 'zod';
import { DailyRewardExplanationSchema } from '../targeting/daily-reward-for-player';
import { DAILY_CYCLE_LENGTH, dayKeyAt, type DayStartSetting, type LastClaim } from '../daily-rewards/daily-streak';
import { requiredTextSchema } from '../shared/required-text-schema';

/**
 * The Players tab (decision 043): a player as the runtime knows them, and the support actions a
 * studio takes on them (reset a daily reward's progress, grant a pack, set a streak), each with its reason and
 * recorded with who did it and when.
 */

export const SUPPORT_REASON_MAX = 500;
/** The highest streak support may set: ten years of days. */
export const SUPPORT_STREAK_MAX = 3650;
/** Ledger entries a page of the Players tab shows. */
export const PLAYER_LEDGER_PAGE = 50;
/** Support actions the Players tab shows, newest first. */
export const PLAYER_SUPPORT_HISTORY_MAX = 100;

export const SUPPORT_ACTION_KINDS = ['reset_progress', 'grant_pack', 'set_streak'] as const;
export type SupportActionKind = (typeof SUPPORT_ACTION_KINDS)[number];

export const SUPPORT_ACTION_LABELS: Record<SupportActionKind, string> = {
  reset_progress: 'Reset progress',
  grant_pack: 'Grant a pack',
  set_streak: 'Set streak',
};

export const PLAYER_MESSAGES = {
  playerIdRequired: 'Type the player id your game signs the player in with.',
  notFound: 'No player with this id has signed in to this game yet. Player ids are exact: check the case and spaces.',
  reasonRequired: 'Say why (the reason is kept with the action, for whoever looks at this player later).',
  reasonTooLong: `Keep the reason under ${SUPPORT_REASON_MAX} characters.`,
  kindInvalid: 'kind is reset_progress, grant_pack or set_streak.',
  configRequired: 'Pick the daily reward (configId).',
  configNotFound: 'Daily reward not found in this game.',
  packRequired: 'Pick the pack to grant (packId).',
  packNotFound: 'Pack not found in this game.',
  packEmpty: 'This pack holds no items: there is nothing to grant.',
  streakInvalid: `A streak is a whole number of days from 0 to ${SUPPORT_STREAK_MAX}.`,
  idempotencyKeyRequired:
    'Send an Idempotency-Key header (one per action, the same on a retry) so that a double click acts once.',
  idempotencyKeyReused: 'This Idempotency-Key was used for another support action. Use a new key for a new action.',
  loadFailed: 'Could not load this player. Please try again.',
  actionFailed: 'Could not do this support action. Please try again.',
  search: 'Look a player up by the id your game signs them in with.',
  noSegments: 'Matched no segment at their last session.',
  noConfigs: 'This game has no daily rewards yet.',
  noBalances: 'Holds nothing yet.',
  noLedger: 'No wallet changes yet.',
  noHistory: 'No support actions yet.',
  tester: 'Test player: their runtime clock runs at the server’s plus their offset (Emulator, Test players).',
} as const;

export const SupportReasonSchema = requiredTextSchema(
  SUPPORT_REASON_MAX,
  { required: PLAYER_MESSAGES.reasonRequired, tooLong: PLAYER_MESSAGES.reasonTooLong },
  { refuseControlCharacters: true },
);

const ConfigIdSchema = z
  .string({ error: PLAYER_MESSAGES.configRequired })
  .min(1, PLAYER_MESSAGES.configRequired)
  .max(128);
const PackIdSchema = z.string({ error: PLAYER_MESSAGES.packRequired }).min(1, PLAYER_MESSAGES.packRequired).max(128);
export const SupportStreakSchema = z
  .number({ error: PLAYER_MESSAGES.streakInvalid })
  .int(PLAYER_MESSAGES.streakInvalid)
  .min(0, PLAYER_MESSAGES.streakInvalid)
  .max(SUPPORT_STREAK_MAX, PLAYER_MESSAGES.streakInvalid);

/** The Players tab's dialogs: each action's fields, the same rules the server applies. */
export const ResetProgressFormSchema = z.strictObject({ reason: SupportReasonSchema, configId: ConfigIdSchema });
export const GrantPackFormSchema = z.strictObject({ reason: SupportReasonSchema, packId: PackIdSchema });
export const SetStreakFormSchema = z.strictObject({
  reason: SupportReasonSchema,
  configId: ConfigIdSchema,
  streak: SupportStreakSchema,
});

/** `POST …/players/:playerId/support-actions`: one of the three actions, each with its reason. */
export const SupportActionInputSchema = z.discriminatedUnion(
  'kind',
  [
    ResetProgressFormSchema.extend({ kind: z.literal('reset_progress') }),
    GrantPackFormSchema.extend({ kind: z.literal('grant_pack') }),
    SetStreakFormSchema.extend({ kind: z.literal('set_streak') }),
  ],
  { error: PLAYER_MESSAGES.kindInvalid },
);
export type SupportActionInput = z.infer<typeof SupportActionInputSchema>;

export const SupportActionSchema = z.object({
  id: z.string(),
  kind: z.enum(SUPPORT_ACTION_KINDS),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor: z.object({ userId: z.string(), email: z.string() }),
  createdAt: z.string(),
});
export type SupportAction = z.infer<typeof SupportActionSchema>;

const PlayerLedgerEntrySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string().nullable(),
  amount: z.number().int(),
  reason: z.string(),
  configId: z.string().nullable(),
  day: z.number().int().nullable(),
  createdAt: z.string(),
});

/** `GET …/players/:playerId/ledger?before=`: a page of the player's ledger, newest first. */
export const PlayerLedgerPageSchema = z.object({
  entries: z.array(PlayerLedgerEntrySchema),
  nextBefore: z.string().nullable(),
});
export type PlayerLedgerPage = z.infer<typeof PlayerLedgerPageSchema>;

export const PlayerConfigStateSchema = z.object({
  configId: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** Today's state by the runtime's rules, on the player's clock (a tester's runs at their offset). */
  day: z.number().int(),
  streak: z.number().int(),
  claimable: z.boolean(),
  missed: z.boolean(),
  nextClaimAt: z.string().nullable(),
  lastClaim: z
    .object({
      kind: z.enum(['claim', 'reset', 'set_streak']),
      cycleDay: z.number().int(),
      streak: z.number().int(),
      at: z.string(),
    })
    .nullable(),
  claims: z.number().int(),
  /**
   * The player's variant in the config's A/B test (decision 046): the running test's, else the latest ended one's
   * they were in; null when they were never assigned (no test, or no list or popup of theirs since it started).
   */
  experiment: z
    .object({
      experimentId: z.string(),
      running: z.boolean(),
      variantId: z.string(),
      variantName: z.string(),
      assignedAt: z.string(),
    })
    .nullable(),
});
export type PlayerConfigState = z.infer<typeof PlayerConfigStateSchema>;

/** `GET …/players/:playerId`: the player as the runtime knows them, and what support did to them. */
export const PlayerProfileSchema = z.object({
  at: z.string(),
  player: z.object({
    playerId: z.string(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
    timeZone: z.string(),
    sessionCount: z.number().int(),
    attributes: z.record(z.string(), z.unknown()),
  }),
  tester: z.object({ testPlayerId: z.string(), clockOffsetMs: z.number().int(), note: z.string() }).nullable(),
  segments: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The daily reward the runtime gives them now and why (the segment tester's answer, for their real segments). */
  dailyReward: DailyRewardExplanationSchema,
  states: z.array(PlayerConfigStateSchema),
  balances: z.array(z.object({ itemId: z.string(), name: z.string().nullable(), amount: z.number().int() })),
  ledger: PlayerLedgerPageSchema,
  supportActions: z.array(SupportActionSchema),
});
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

/**
 * What a support reset or set streak records in the player's claims (it takes the next seq, as a claim would, so
 * it races safely with their claims and any instance's memory of the last one): a row the streak rules read as
 * "`streak` days claimed in a row, the last on the player's yesterday". Today is then claimable, and not a missed
 * day; the next claim is cycle day (streak % 7) + 1 with streak + 1 (a reset is streak 0: day 1, streak 1).
 *
 * A player who already claimed today (or whose day keys ran ahead, hopping zones east) keeps that day: the row
 * takes their last claim's day key, so nothing can be claimed twice on one day, and the new progress starts at
 * their next day. Its cycle day is then the day the streak ends on (7 for a streak of 0, so the next is day 1).
 */
export function supportClaimFields(
  streak: number,
  last: Pick<LastClaim, 'dayKey'> | null,
  playerNow: number,
  dayStart: DayStartSetting,
  timeZone: string,
): { dayKey: number; cycleDay: number; streak: number } {
  const yesterday = dayKeyAt(playerNow, dayStart, timeZone) - 1;
  const dayKey = last === null ? yesterday : Math.max(yesterday, last.dayKey);
  const claimedToday = dayKey > yesterday;
  const endsOn = ((streak + DAILY_CYCLE_LENGTH - 1) % DAILY_CYCLE_LENGTH) + 1;
  const cycleDay = streak === 0 && !claimedToday ? 0 : endsOn;
  return { dayKey, cycleDay, streak };
}
