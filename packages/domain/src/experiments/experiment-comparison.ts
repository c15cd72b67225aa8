import { compareProportions, type Significance, type SignificanceStatus } from './significance';

/**
 * The Analytics tab's comparison of an experiment's variants (decisions 042 and 046), from each
 * variant's daily rollups summed over the experiment's days. Like every figure of the tab, a sum over days counts
 * player-days (a player counts once a day), so the rates are ratios of player-days.
 *
 * - Claim rate: claimed ÷ players, where a day's players are those who saw the popup, or more when more claimed
 *   (a claim whose `shown` was never reported still saw the variant), so a rate never exceeds 100 %.
 * - Day-7 reach: players who claimed cycle day 7 ÷ players who claimed cycle day 1 (the cycle funnel's "of day 1"),
 *   at least as many as reached day 7 (players already in a cycle when the experiment started).
 * Each variant is compared with the first (the control) by the two-proportion test of significance.ts.
 */

/**
 * The rollup scope (analytics_daily.variant_id) of one variant of one experiment, as the runtime stamps a player's
 * events: variant ids are unique only within their experiment, and a new experiment of the config must not mix
 * with an old one.
 */
export function experimentRollupVariantId(experimentId: string, variantId: string): string {
  return `${experimentId}:${variantId}`;
}

/** What the rollups of one variant sum to over the experiment's days. */
export type VariantRollupTotals = {
  /** Σ over days of max(shown, claimed): player-days who saw the variant. */
  players: number;
  shown: number;
  claimed: number;
  /** Σ claimed cycle day 1 (in the figures: at least reachedDay7). */
  startedCycle: number;
  /** Σ claimed cycle day 7. */
  reachedDay7: number;
};

export type ExperimentVariantFigures = VariantRollupTotals & {
  id: string;
  name: string;
  weight: number;
  control: boolean;
  /** claimed ÷ players; null when nobody saw the variant. */
  claimRate: number | null;
  /** reachedDay7 ÷ max(startedCycle, reachedDay7); null when nobody started a cycle. */
  day7Rate: number | null;
};

export type ComparisonStatement = {
  status: SignificanceStatus;
  /** significance.ts's sentence, e.g. "B claims 6.1 % more, 97 % confidence". */
  sentence: string;
  /** 1 − p, only when the test could be made (status `compared`). */
  confidence: number | null;
};

export type ExperimentVariantComparison = {
  variantId: string;
  claimRate: ComparisonStatement;
  day7: ComparisonStatement;
};

export type ExperimentComparison = {
  id: string;
  status: 'running' | 'ended';
  startedAt: string;
  endedAt: string | null;
  winnerVariantId: string | null;
  /** The UTC days the figures cover: from the day it started to the day it ended (or today). */
  from: string;
  to: string;
  variants: ExperimentVariantFigures[];
  /** Each variant after the first, compared with the first (the control). */
  comparisons: ExperimentVariantComparison[];
};

const statement = ({ status, sentence, confidence }: Significance): ComparisonStatement => ({
  status,
  sentence,
  confidence,
});

/** A variant's figures and rates from its totals. */
export function experimentVariantFigures(
  variant: { id: string; name: string; weight: number; control: boolean },
  totals: VariantRollupTotals,
): ExperimentVariantFigures {
  const players = Math.max(totals.players, totals.claimed);
  const startedCycle = Math.max(totals.startedCycle, totals.reachedDay7);
  return {
    ...variant,
    ...totals,
    players,
    startedCycle,
    claimRate: players === 0 ? null : totals.claimed / players,
    day7Rate: startedCycle === 0 ? null : totals.reachedDay7 / startedCycle,
  };
}

/** Each variant after the first compared with the first, on claim rate and on day-7 reach. */
export function compareExperimentVariants(
  variants: readonly ExperimentVariantFigures[],
): ExperimentVariantComparison[] {
  const [control, ...others] = variants;
  if (!control) return [];
  const claimSample = (variant: ExperimentVariantFigures) => ({
    name: variant.name,
    trials: variant.players,
    successes: variant.claimed,
  });
  const day7Sample = (variant: ExperimentVariantFigures) => ({
    name: variant.name,
    trials: variant.startedCycle,
    successes: variant.reachedDay7,
  });
  return others.map((variant) => ({
    variantId: variant.id,
    claimRate: statement(compareProportions(claimSample(control), claimSample(variant), 'claim_rate')),
    day7: statement(compareProportions(day7Sample(control), day7Sample(variant), 'day7_reach')),
  }));
}

/** The confidence below which a difference is called "not significant" before a promotion (the usual 95 %). */
export const PROMOTE_CONFIDENCE = 0.95;

/**
 * What the Promote confirmation must say before the click that cannot be undone (decision 053),
 * from the claim rate's comparison of the variant with the control: null when the comparison backs the promotion
 * (enough data, at least PROMOTE_CONFIDENCE confidence, and the variant claims more often than the control).
 */
export function promoteWarning(experiment: Pick<ExperimentComparison, 'variants' | 'comparisons'>, variantId: string) {
  const variant = experiment.variants.find((entry) => entry.id === variantId);
  const control = experiment.variants[0];
  const comparison = experiment.comparisons.find((entry) => entry.variantId === variantId)?.claimRate;
  if (!variant || !control || variant.id === control.id || !comparison) return null;
  const players = `${variant.name}: ${variant.players} ${variant.players === 1 ? 'player' : 'players'}, ${control.name}: ${control.players}.`;
  switch (comparison.status) {
    case 'too_little_data':
      return `Too little data: the comparison cannot tell yet whether ${variant.name} claims more often than ${control.name} (${players}) Promoting it now is a guess.`;
    case 'no_data':
      return `No data yet: ${comparison.sentence.replace(/^No data yet: /, '')} Promoting it now is a guess.`;
    case 'no_variation':
      return `No difference measured: ${comparison.sentence} Promoting it now is a guess.`;
    case 'compared': {
      const confidence = comparison.confidence ?? 0;
      if (confidence < PROMOTE_CONFIDENCE) {
        return `Not significant: ${comparison.sentence}, below the usual 95 %, so the difference may be chance (${players})`;
      }
      if ((variant.claimRate ?? 0) < (control.claimRate ?? 0)) {
        return `${variant.name} claims less often than ${control.name}: ${comparison.sentence}. Promoting it is likely to lower the claim rate.`;
      }
      return null;
    }
  }
}
