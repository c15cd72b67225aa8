/**
 * The Analytics tab's claim rate (decision 053). The popup reports `shown` and the server records
 * `claimed`; when a game never sends `shown` (or some of its events are lost), a day can have more claimers than
 * players who were seen to open the popup, and claimed ÷ shown read 800 %. A player who claimed saw the popup, so a
 * day's players who saw it are max(shown, claimed), as the experiment comparison already counts them (decision 046),
 * and the rate is claimed ÷ saw: never above 100 %. Where no view at all was recorded, a rate would be a
 * meaningless 100 %: there is none, and the tab says "no popup views recorded".
 */

export const NO_POPUP_VIEWS_RECORDED = 'no popup views recorded';

/** One day's counts as the rollups give them (player-days). */
export type ClaimDay = { shown: number; claimed: number };

export type ClaimRateFigures = {
  /** Σ over days of max(shown, claimed): player-days who saw the popup, counting each claimer as having seen it. */
  saw: number;
  claimed: number;
  /** Σ over days of max(0, claimed − shown): claimers whose view was not recorded (each counted in `saw`). */
  claimedWithoutView: number;
  /** claimed ÷ saw, in 0..1; null when nobody saw the popup or no view was recorded at all. */
  rate: number | null;
  /** Claims were made but not a single `shown` was recorded: the rate is replaced by NO_POPUP_VIEWS_RECORDED. */
  noViewsRecorded: boolean;
};

/** The claim rate of one day or of a span of days (a sum of player-days). */
export function claimRateFigures(days: readonly ClaimDay[]): ClaimRateFigures {
  let saw = 0;
  let shown = 0;
  let claimed = 0;
  let claimedWithoutView = 0;
  for (const day of days) {
    saw += Math.max(day.shown, day.claimed);
    shown += day.shown;
    claimed += day.claimed;
    claimedWithoutView += Math.max(0, day.claimed - day.shown);
  }
  const noViewsRecorded = shown === 0 && claimed > 0;
  return {
    saw,
    claimed,
    claimedWithoutView,
    rate: saw === 0 || noViewsRecorded ? null : claimed / saw,
    noViewsRecorded,
  };
}
