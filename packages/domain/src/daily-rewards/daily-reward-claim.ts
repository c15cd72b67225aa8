import { claimDailyReward, type DailyRewardStatus, type LastClaim, type StreakSettings } from './daily-streak';
import { selectDailyReward, type claimTargeting, type TargetableConfig } from '../targeting/daily-reward-selection';

/*
 * A daily reward's claim, decided (decision 059): the runtime loads what it decides on (from its memory of the
 * player or from the database), this pure function decides, and the player ledger writes the outcome. The clock
 * is an argument, as for every rule of a player's day.
 */

/** What claimTargeting says of the claimed config now, without the player's segments. */
export type ClaimTargeting = ReturnType<typeof claimTargeting>;

/**
 * What a claim is decided on. `memory`: the player's last claim of the config and their zone as this instance
 * remembers them (a session or a list just read them), enough only when the config applies to everyone now.
 * `database`: as stored now, with the segments the player matched at their last session.
 */
export type LoadedClaimState =
  | { from: 'memory'; last: LastClaim | null; timeZone: string }
  | { from: 'database'; last: LastClaim | null; timeZone: string | null; matchedSegments: readonly string[] };

export type ClaimDecision<P> =
  /** Grant `pack` and record `claim`; `status` is the state after it. */
  | { kind: 'grant'; claim: LastClaim; status: DailyRewardStatus; pack: P }
  /** Memory cannot decide this one (a refusal may be a retry of today's claim, whose answer is stored): read. */
  | { kind: 'read_again' }
  /** The config is not the player's now. */
  | { kind: 'not_targeted' }
  /** Today was claimed; the next claim opens at nextClaimAt (on the clock `now` was given on). */
  | { kind: 'already_claimed'; nextClaimAt: number }
  /** The config gives nothing on the day the claim would be. */
  | { kind: 'day_not_configured' };

export function decideClaim<P>(input: {
  /** The live configs, and the claimed one's id. */
  configs: readonly TargetableConfig[];
  configId: string;
  /** claimTargeting(configs, configId, now): the caller asked it already, to know whether memory may decide. */
  targeting: ClaimTargeting;
  settings: StreakSettings;
  /** The player's clock: the server's time plus a test player's offset (decision 040). */
  now: number;
  state: LoadedClaimState;
  /** The pack the config gives on a cycle day, or null when that day has none. */
  packOfDay: (cycleDay: number) => P | null;
}): ClaimDecision<P> {
  const { state, targeting } = input;
  if (state.from === 'memory') {
    if (targeting !== 'applies') return { kind: 'read_again' };
  } else if (
    targeting === 'not_applicable' ||
    (targeting === 'depends_on_segments' &&
      selectDailyReward(input.configs, state.matchedSegments, input.now)?.config.id !== input.configId)
  ) {
    return { kind: 'not_targeted' };
  }
  const decided = claimDailyReward(state.last, input.now, input.settings, state.timeZone ?? 'UTC');
  if (!decided.ok) {
    return state.from === 'memory'
      ? { kind: 'read_again' }
      : { kind: 'already_claimed', nextClaimAt: decided.nextClaimAt };
  }
  const pack = input.packOfDay(decided.claim.cycleDay);
  if (pack === null) return { kind: 'day_not_configured' };
  return { kind: 'grant', claim: decided.claim, status: decided.status, pack };
}
