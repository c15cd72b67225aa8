import { compareConfigRank, type TargetableConfig } from './daily-reward-selection';
import { scheduleText } from './daily-reward-targeting';

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
