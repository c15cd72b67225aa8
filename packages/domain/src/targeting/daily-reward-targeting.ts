import { z } from 'zod';

/*
 * Targeting and schedule of daily-reward configs (issue 22 §1 and §5, decision 038): which config a player gets
 * now. Pure: the clock, the configs and the segments the player matched are arguments. The runtime, the
 * dashboard's overlap warning and the segment tester's "which daily reward would this player get" all call it.
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

const AUDIENCE_TEXT = {
  everyone: 'one of them is for every player',
  same_segment: 'they target the same segment',
  different_segments: 'a player can be in both of their segments',
} as const;

/** The tab's warning for one overlap, naming both configs and saying which one players get. */
export function overlapMessage(
  overlap: Pick<TargetingOverlap<TargetableConfig>, 'winner' | 'loser' | 'from' | 'until' | 'audience' | 'byAge'>,
  nameOf: (id: string) => string,
  format: (ms: number) => string,
): string {
  const when =
    overlap.from === null && overlap.until === null ? 'at any time' : scheduleText(overlap.from, overlap.until, format);
  const why = overlap.byAge
    ? `same priority, ${overlap.winner.priority}: the older one wins`
    : `priority ${overlap.winner.priority} over ${overlap.loser.priority}`;
  return `“${nameOf(overlap.winner.id)}” and “${nameOf(overlap.loser.id)}” can both apply to a player (${AUDIENCE_TEXT[overlap.audience]}), ${when}: such a player gets “${nameOf(overlap.winner.id)}” (${why}).`;
}

/** Deleting a segment that daily rewards target is refused, naming them (as a pack that daily rewards give is). */
export function segmentInUseMessage(configNames: readonly string[]): string {
  const list = configNames.map((name) => `"${name}"`).join(', ');
  const one = configNames.length === 1;
  return `This segment is targeted by ${one ? 'daily reward' : `${configNames.length} daily rewards`} ${list}. Target ${one ? 'it' : 'them'} at another segment or at every player first.`;
}

/** What selection needs of a config. Instants are milliseconds since the epoch; null = open-ended. */
export type TargetableConfig = {
  id: string;
  createdAt: number;
  /** The segment whose players it applies to; null = every player. */
  segmentId: string | null;
  /** Applies from this instant on (inclusive). */
  startsAt: number | null;
  /** Applies until just before this instant (exclusive). */
  endsAt: number | null;
  priority: number;
  enabled: boolean;
};

/** Whether the schedule holds `now`: the start is inclusive and the end exclusive, to the millisecond. */
export function isScheduledAt(config: Pick<TargetableConfig, 'startsAt' | 'endsAt'>, now: number): boolean {
  return (config.startsAt === null || now >= config.startsAt) && (config.endsAt === null || now < config.endsAt);
}

/** Rank order: higher priority first, then the oldest (createdAt, then id). Negative when `a` wins. */
export function compareConfigRank(
  a: Pick<TargetableConfig, 'id' | 'createdAt' | 'priority'>,
  b: Pick<TargetableConfig, 'id' | 'createdAt' | 'priority'>,
): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

type Matched = ReadonlySet<string> | readonly string[];
const setOf = (matched: Matched): ReadonlySet<string> => (matched instanceof Set ? matched : new Set(matched));

/** Why a config is not the player's now, or that it is. */
export type SelectionVerdict = 'selected' | 'outranked' | 'disabled' | 'not_started' | 'ended' | 'not_in_segment';

export type SelectionReason = {
  /** Who it applies to: the segment the player matched, or everyone. */
  audience: { kind: 'everyone' } | { kind: 'segment'; segmentId: string };
  schedule: { startsAt: number | null; endsAt: number | null };
  priority: number;
  /** The other configs that apply to the player now, in rank order: the selected one outranks them. */
  outranked: string[];
  /** Whether an outranked config had the same priority, so that age decided. */
  decidedByAge: boolean;
};

export type DailyRewardSelection<C extends TargetableConfig> = { config: C; reason: SelectionReason };

function verdictOf(config: TargetableConfig, matched: ReadonlySet<string>, now: number): SelectionVerdict | null {
  if (!config.enabled) return 'disabled';
  if (config.startsAt !== null && now < config.startsAt) return 'not_started';
  if (config.endsAt !== null && now >= config.endsAt) return 'ended';
  if (config.segmentId !== null && !matched.has(config.segmentId)) return 'not_in_segment';
  return null;
}

/**
 * The one config a player gets now: of those enabled, scheduled at `now` and whose segment the player matched (or
 * that target everyone), the highest priority, ties broken by the oldest (createdAt, then id). Null when none
 * applies.
 */
export function selectDailyReward<C extends TargetableConfig>(
  configs: readonly C[],
  matchedSegmentIds: Matched,
  now: number,
): DailyRewardSelection<C> | null {
  const matched = setOf(matchedSegmentIds);
  const applicable = configs.filter((config) => verdictOf(config, matched, now) === null);
  if (applicable.length === 0) return null;
  applicable.sort(compareConfigRank);
  const [config, ...others] = applicable as [C, ...C[]];
  return {
    config,
    reason: {
      audience: config.segmentId === null ? { kind: 'everyone' } : { kind: 'segment', segmentId: config.segmentId },
      schedule: { startsAt: config.startsAt, endsAt: config.endsAt },
      priority: config.priority,
      outranked: others.map((other) => other.id),
      decidedByAge: others.some((other) => other.priority === config.priority),
    },
  };
}

/** The selection with a verdict for every config (the segment tester's "why"), in rank order. */
export function explainDailyRewardSelection<C extends TargetableConfig>(
  configs: readonly C[],
  matchedSegmentIds: Matched,
  now: number,
): { selection: DailyRewardSelection<C> | null; verdicts: { config: C; verdict: SelectionVerdict }[] } {
  const matched = setOf(matchedSegmentIds);
  const selection = selectDailyReward(configs, matched, now);
  const verdicts = [...configs].sort(compareConfigRank).map((config) => ({
    config,
    verdict:
      verdictOf(config, matched, now) ?? (config.id === selection?.config.id ? 'selected' : ('outranked' as const)),
  }));
  return { selection, verdicts };
}

/**
 * Whether a claim of `configId` can be allowed without knowing the player's segments: 'not_applicable' when it
 * cannot apply to anyone now (not there, disabled, out of schedule, or outranked by a config for everyone),
 * 'applies' when it applies to everyone and nothing that applies now outranks it, and 'depends_on_segments'
 * otherwise (then selectDailyReward with the player's segments decides).
 */
export function claimTargeting(
  configs: readonly TargetableConfig[],
  configId: string,
  now: number,
): 'applies' | 'not_applicable' | 'depends_on_segments' {
  const target = configs.find((config) => config.id === configId);
  if (!target || !target.enabled || !isScheduledAt(target, now)) return 'not_applicable';
  let segmentsMatter = target.segmentId !== null;
  for (const other of configs) {
    if (other === target || !other.enabled || !isScheduledAt(other, now)) continue;
    if (compareConfigRank(other, target) >= 0) continue;
    if (other.segmentId === null) return 'not_applicable';
    segmentsMatter = true;
  }
  return segmentsMatter ? 'depends_on_segments' : 'applies';
}

/** Why a player gets no daily reward now (issue 34 §3): what a game can act on, never a segment's rule. */
export const NO_DAILY_REWARD_REASONS = ['none_published', 'not_scheduled', 'not_targeted'] as const;
export type NoDailyRewardReason = (typeof NO_DAILY_REWARD_REASONS)[number];

/**
 * Why a player whom selectDailyReward gave nothing gets nothing, from the configs alone (no segment is read):
 * `none_published` when the live release has no enabled config; `not_targeted` when one is scheduled now (so it
 * is for segments the player is not in, or selection would have given it); else `not_scheduled`, with the earliest
 * start still to come (for someone: whether it is this player's is decided then), or null when every schedule has
 * ended.
 */
export function noDailyRewardReason(
  configs: readonly TargetableConfig[],
  now: number,
): { reason: NoDailyRewardReason; nextStartsAt: number | null } {
  let enabled = false;
  let nextStartsAt: number | null = null;
  for (const config of configs) {
    if (!config.enabled) continue;
    enabled = true;
    if (isScheduledAt(config, now)) return { reason: 'not_targeted', nextStartsAt: null };
    if (
      config.startsAt !== null &&
      config.startsAt > now &&
      (nextStartsAt === null || config.startsAt < nextStartsAt)
    ) {
      nextStartsAt = config.startsAt;
    }
  }
  return enabled ? { reason: 'not_scheduled', nextStartsAt } : { reason: 'none_published', nextStartsAt: null };
}

/** Two configs that can both apply to one player at some time from now on; `winner` is the one a player gets. */
export type TargetingOverlap<C extends TargetableConfig> = {
  winner: C;
  loser: C;
  /** When both apply: from (null = already) until (null = open-ended). */
  from: number | null;
  until: number | null;
  /**
   * Why both may match one player: the same segment, one of them for everyone, or two segments we cannot prove
   * disjoint (their expressions are arbitrary CEL).
   */
  audience: 'same_segment' | 'everyone' | 'different_segments';
  /** Whether the winner wins by being older (same priority). */
  byAge: boolean;
};

/**
 * Pairs of enabled configs whose schedules intersect after `now` and whose audiences may share a player: the
 * tab's warning. A pair whose shared time is entirely past is not one.
 */
export function targetingOverlaps<C extends TargetableConfig>(
  configs: readonly C[],
  now: number,
): TargetingOverlap<C>[] {
  const live = configs.filter((config) => config.enabled && (config.endsAt === null || config.endsAt > now));
  live.sort(compareConfigRank);
  const overlaps: TargetingOverlap<C>[] = [];
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const winner = live[i]!;
      const loser = live[j]!;
      const from = maxOrNull(winner.startsAt, loser.startsAt);
      const until = minOrNull(winner.endsAt, loser.endsAt);
      if (from !== null && until !== null && from >= until) continue;
      if (until !== null && until <= now) continue;
      overlaps.push({
        winner,
        loser,
        from: from !== null && from > now ? from : null,
        until,
        audience:
          winner.segmentId === null || loser.segmentId === null
            ? 'everyone'
            : winner.segmentId === loser.segmentId
              ? 'same_segment'
              : 'different_segments',
        byAge: winner.priority === loser.priority,
      });
    }
  }
  return overlaps;
}

const maxOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const minOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

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
