import { DAILY_REWARD_CYCLE_DAYS, type DailyRewardEntry } from '@liveops/domain/daily-rewards';

/** The editor's 7 slots: the pack id given on each day, '' where none is chosen yet. */
export type RewardDraft = readonly string[];

export const CYCLE_DAYS = Array.from({ length: DAILY_REWARD_CYCLE_DAYS }, (_, i) => i + 1);

export function draftFromRewards(rewards: readonly DailyRewardEntry[]): RewardDraft {
  return CYCLE_DAYS.map((day) => rewards.find((entry) => entry.day === day)?.packId ?? '');
}

/** The draft as the API's rewards, days without a pack left out (the save refuses those first). */
export function rewardsFromDraft(draft: RewardDraft): DailyRewardEntry[] {
  return draft.flatMap((packId, index) => (packId ? [{ day: index + 1, packId }] : []));
}

export function isSameDraft(a: RewardDraft, b: RewardDraft): boolean {
  return a.length === b.length && a.every((packId, index) => packId === b[index]);
}
