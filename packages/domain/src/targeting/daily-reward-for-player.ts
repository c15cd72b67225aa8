import { z } from 'zod';
import type { SelectionVerdict } from './daily-reward-selection';

/** What "which daily reward would this player get now" says of each config; 'unpublished' is not in the live release. */
export const DAILY_REWARD_VERDICTS = [
  'selected',
  'outranked',
  'not_in_segment',
  'not_started',
  'ended',
  'disabled',
  'unpublished',
] as const satisfies readonly (SelectionVerdict | 'unpublished')[];
export type DailyRewardVerdict = (typeof DAILY_REWARD_VERDICTS)[number];

export const DAILY_REWARD_VERDICT_LABELS: Record<DailyRewardVerdict, string> = {
  selected: 'Gets this one',
  outranked: 'Applies, but a config with a higher rank wins',
  not_in_segment: 'Not in its segment',
  not_started: 'Not started yet',
  ended: 'Ended',
  disabled: 'Disabled',
  unpublished: 'Not published yet: players get it once you publish',
};

export const FOR_PLAYER_MESSAGES = {
  playerInvalid: 'player is the sample player as a JSON object, such as { "level": 12, "country": "DE" }.',
  none: 'No daily reward applies to this player now.',
  noConfigs: 'This game has no daily rewards yet.',
  loadFailed: 'Could not ask the server which daily reward this player gets.',
} as const;

/** `POST …/daily-rewards/for-player`: the segment tester's sample player, as the tester holds it. */
export const DailyRewardForPlayerInputSchema = z.strictObject({
  player: z.record(z.string(), z.unknown(), { error: FOR_PLAYER_MESSAGES.playerInvalid }),
});

/**
 * Which daily reward the runtime gives a player now and why: the selected config (with its audience, schedule and
 * rank) and a verdict for every config, in rank order. The segment tester's answer and the Players tab's profile
 * both explain a selection with it.
 */
export const DailyRewardExplanationSchema = z.object({
  selected: z
    .object({
      configId: z.string(),
      name: z.string(),
      audience: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('everyone') }),
        z.object({ kind: z.literal('segment'), segmentId: z.string(), segmentName: z.string() }),
      ]),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      priority: z.number().int(),
      decidedByAge: z.boolean(),
    })
    .nullable(),
  configs: z.array(
    z.object({
      configId: z.string(),
      name: z.string(),
      priority: z.number().int(),
      verdict: z.enum(DAILY_REWARD_VERDICTS),
    }),
  ),
});
export type DailyRewardExplanation = z.infer<typeof DailyRewardExplanationSchema>;

/**
 * Its answer: the server's clock, every segment of the game evaluated for the sample player, then the config the
 * runtime would give that player now (and why) and a verdict for every config, in rank order.
 */
export const DailyRewardForPlayerSchema = z.object({
  at: z.string(),
  segments: z.array(z.object({ id: z.string(), name: z.string(), matches: z.boolean(), error: z.string().nullable() })),
  ...DailyRewardExplanationSchema.shape,
});
export type DailyRewardForPlayer = z.infer<typeof DailyRewardForPlayerSchema>;
