import { type DailyRewardState } from '@liveops/domain/runtime-api';
import {
  compareConfigRank,
  isScheduledAt,
  noDailyRewardReason,
  type NoDailyRewardReason,
  type TargetableConfig,
} from '@liveops/domain/targeting';
import { dailyReward, segment } from '../db/schema';
import { listCandidatesParam } from './store';

/*
 * Which of a game's configs the runtime gives a player (decision 038): the rules are the domain's
 * (selectDailyReward); this module holds what the runtime keeps of them and the few decisions routes take.
 */

/** What the runtime keeps of a config's targeting, read live from the dashboard like its day rules (decision 035). */
export type RuntimeTargeting = TargetableConfig & { segmentName: string | null };

/** The columns runtime-games reads for it, beside the day rules (a left join on the config's segment). */
export const TARGETING_COLUMNS = {
  createdAt: dailyReward.createdAt,
  segmentId: dailyReward.segmentId,
  segmentName: segment.name,
  startsAt: dailyReward.startsAt,
  endsAt: dailyReward.endsAt,
  priority: dailyReward.priority,
  enabled: dailyReward.enabled,
};

export function runtimeTargetingOf(row: {
  id: string;
  createdAt: Date;
  segmentId: string | null;
  segmentName: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  priority: number;
  enabled: boolean;
}): RuntimeTargeting {
  return {
    id: row.id,
    createdAt: row.createdAt.getTime(),
    segmentId: row.segmentId,
    segmentName: row.segmentId === null ? null : (row.segmentName ?? ''),
    startsAt: row.startsAt?.getTime() ?? null,
    endsAt: row.endsAt?.getTime() ?? null,
    priority: row.priority,
    enabled: row.enabled,
  };
}

/** The state's `targeting`: the segment the player matched for this config, or null when it is for everyone. */
export function targetingState(config: RuntimeTargeting): DailyRewardState['targeting'] {
  return config.segmentId === null ? null : { segmentId: config.segmentId, segmentName: config.segmentName ?? '' };
}

/**
 * The configs whose last claims a list must read to answer whichever one the player gets: those that apply at `now`
 * to someone, in rank order, up to the first one for everyone (nothing below it can be selected).
 */
export function listCandidates<C extends TargetableConfig>(configs: readonly C[], now: number): C[] {
  const live = configs.filter((config) => config.enabled && isScheduledAt(config, now)).sort(compareConfigRank);
  const everyone = live.findIndex((config) => config.segmentId === null);
  return everyone < 0 ? live : live.slice(0, everyone + 1);
}

/** Why a player gets none of a game's configs (noDailyRewardReason), as it holds until a schedule edge. */
export type EmptyListReason = { reason: NoDailyRewardReason; nextStartsAt: number | null };

/**
 * The candidates at an instant, with listContext's parameter for them, why a player who gets none of them gets
 * nothing, and the span of time they hold for.
 */
type CandidatesMemo = {
  from: number;
  until: number;
  candidates: TargetableConfig[];
  param: string;
  empty: EmptyListReason;
};
const candidatesMemo = new WeakMap<readonly TargetableConfig[], CandidatesMemo>();

/**
 * listCandidates of a game's configs at `now`, with their listContext parameter, worked out once for as long as
 * they hold: they change only when one of the configs' schedules starts or ends, or when the configs do (a new
 * array: runtime-games builds one a release or dashboard change). Every list asks for them; an empty list answers
 * `empty` from them, without a statement of its own.
 */
export function liveCandidates<C extends TargetableConfig>(
  configs: readonly C[],
  now: number,
): { candidates: C[]; param: string; empty: EmptyListReason } {
  const memo = candidatesMemo.get(configs);
  // Kept by the array itself, so its candidates are of that array's element type.
  if (memo && now >= memo.from && now < memo.until) {
    return memo as unknown as { candidates: C[]; param: string; empty: EmptyListReason };
  }
  let from = -Infinity;
  let until = Infinity;
  for (const config of configs) {
    for (const edge of [config.startsAt, config.endsAt]) {
      if (edge === null) continue;
      if (edge <= now) from = Math.max(from, edge);
      else until = Math.min(until, edge);
    }
  }
  const candidates = listCandidates(configs, now);
  // Changes only at a schedule's edge too (the next start is the memo's `until`, or later).
  const empty = noDailyRewardReason(configs, now);
  const fresh = { from, until, candidates, param: listCandidatesParam(candidates), empty };
  candidatesMemo.set(configs, fresh);
  return fresh;
}
