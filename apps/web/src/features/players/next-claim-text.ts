import { type PlayerConfigState } from '@liveops/domain/players';
import { DAILY_REWARD_VERDICT_LABELS, type DailyRewardVerdict } from '@liveops/domain/targeting';

/**
 * The Players tab's "Next claim" for one config. A player can claim only the config they get now (the runtime
 * refuses any other as not_targeted), so "Now" is said of that one alone; another config says why it is not
 * theirs instead of a time they could not use (decision 056).
 */
export function nextClaimText(
  state: Pick<PlayerConfigState, 'claimable' | 'nextClaimAt'>,
  verdict: DailyRewardVerdict | undefined,
  when: (iso: string) => string,
): string {
  if (verdict !== undefined && verdict !== 'selected') return DAILY_REWARD_VERDICT_LABELS[verdict];
  if (state.claimable) return 'Now';
  return state.nextClaimAt ? when(state.nextClaimAt) : '—';
}
