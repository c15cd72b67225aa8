import { PUBLISHED_CLAIM_MESSAGES } from '@liveops/domain/published';

const MINUTE_MS = 60_000;

/**
 * What the claim button of a claimed popup says (decision 036): how long until the next reward, "Next reward in
 * 42 min" below an hour, else in whole hours ("Next reward in 5 h"), rounded to the nearest; "Reward claimed" when
 * the server gave no time or it is unreadable. Written by hand, not by Intl, which the published page must not load
 * (decision 017); relative, so no time zone or 12/24-hour setting is needed.
 */
export function nextRewardText(nextClaimAt: string | null, now: number): string {
  const at = nextClaimAt === null ? Number.NaN : Date.parse(nextClaimAt);
  if (Number.isNaN(at)) return PUBLISHED_CLAIM_MESSAGES.claimed;
  const minutes = Math.max(1, Math.ceil((at - now) / MINUTE_MS));
  const wait = minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  return PUBLISHED_CLAIM_MESSAGES.nextRewardIn(wait);
}
