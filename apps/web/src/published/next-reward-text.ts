import { PUBLISHED_CLAIM_MESSAGES, waitText } from '@liveops/domain/published';

/**
 * What the claim button of a claimed popup says (decision 036): how long until the next reward, by the domain's
 * waitText, as the dashboard says it ("Next reward in 23 h 59 min", "Next reward in 42 min"); "Reward claimed"
 * when the server gave no time or it is unreadable. Relative, so no time zone or 12/24-hour setting is needed.
 */
export function nextRewardText(nextClaimAt: string | null, now: number): string {
  const at = nextClaimAt === null ? Number.NaN : Date.parse(nextClaimAt);
  if (Number.isNaN(at)) return PUBLISHED_CLAIM_MESSAGES.claimed;
  return PUBLISHED_CLAIM_MESSAGES.nextRewardIn(waitText(at, now));
}
