/**
 * Which daily-reward config a player gets now (decision 038). Pure: the clock, the configs and
 * the segments the player matched are arguments. The runtime, the dashboard's overlap warning and the segment
 * tester's "which daily reward would this player get" all call it.
 */

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

/** Why a player gets no daily reward now (decision 052): what a game can act on, never a segment's rule. */
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
