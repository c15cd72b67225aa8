/**
 * How sure the Analytics tab may be that one popup variant does better than another (decision 042): the
 * two-proportion z-test with the pooled proportion, two-sided, as every introductory statistics text gives it.
 *
 *   p̂a = xa/na, p̂b = xb/nb, p̂ = (xa + xb)/(na + nb), SE = √(p̂(1 − p̂)(1/na + 1/nb)), z = (p̂b − p̂a)/SE,
 *   p-value = 2·(1 − Φ(|z|)) = erfc(|z|/√2), confidence = 1 − p-value.
 *
 * The test needs the normal approximation to hold: with the pooled rate, each variant must expect at least
 * SIGNIFICANCE_MIN_EXPECTED successes and as many failures (the "success–failure condition" of OpenIntro
 * Statistics, section 6.2); below that the tab says there is too little data and gives no confidence.
 *
 * What the sentence says, and how it rounds:
 * - The relative difference (p̂b − p̂a)/p̂a, in percent with one decimal, half away from zero ("6.1 %"); a difference
 *   that rounds to 0.0 reads "less than 0.1 %". When A's rate is 0 there is no relative difference: both rates
 *   are given instead.
 * - The confidence, in whole percent rounded down, so it never claims more than the data give ("97 %"); above
 *   99 % it reads "over 99 %", never "100 %".
 * - Variants: B is compared with A (the tab compares each variant with the first, the control).
 */

export const SIGNIFICANCE_MIN_EXPECTED = 10;

export type ProportionSample = {
  /** The variant's name as the sentence shows it. */
  name: string;
  /** Players who could succeed (saw the popup). */
  trials: number;
  /** Players who did (claimed; reached day 7). */
  successes: number;
};

export type SignificanceMetric = 'claim_rate' | 'day7_reach';

export type SignificanceStatus = 'compared' | 'no_data' | 'no_variation' | 'too_little_data';

export type Significance = {
  status: SignificanceStatus;
  /** p̂a and p̂b; null for a variant without trials. */
  rateA: number | null;
  rateB: number | null;
  /** (p̂b − p̂a)/p̂a; null without both rates or when p̂a is 0. */
  relativeDifference: number | null;
  /** Only when status is `compared`. */
  z: number | null;
  pValue: number | null;
  confidence: number | null;
  sentence: string;
};

const WORDS: Record<
  SignificanceMetric,
  {
    verb: string;
    succeed: string;
    more: string;
    fewer: string;
    same: string;
    never: string;
    nobody: string;
    everybody: string;
  }
> = {
  claim_rate: {
    verb: 'claims',
    succeed: 'claim',
    more: 'more',
    fewer: 'fewer',
    same: 'claims as often as',
    never: 'never claims',
    nobody: 'No player has claimed in',
    everybody: 'Every player claimed in',
  },
  day7_reach: {
    verb: 'reaches day 7',
    succeed: 'reach day 7',
    more: 'more often',
    fewer: 'less often',
    same: 'reaches day 7 as often as',
    never: 'never reaches day 7',
    nobody: 'No player has reached day 7 in',
    everybody: 'Every player reached day 7 in',
  },
};

/**
 * erfc(x), Numerical Recipes' `erfcc` (Press et al., Numerical Recipes in C, 2nd ed., section 6.2): a Chebyshev fit
 * with a fractional error below 1.2 × 10⁻⁷ for every x, so p-values keep about seven significant digits even far
 * in the tail, far more than a whole-percent confidence needs.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const value =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? value : 2 - value;
}

/** Φ(x), the standard normal distribution function. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** One decimal, half away from zero, with thousands separators: 6.05 → "6.1", 1234.56 → "1,234.6". */
const oneDecimal = (percent: number) =>
  (Math.round(Math.abs(percent) * 10) / 10).toFixed(1).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const percentOf = (rate: number) => `${oneDecimal(rate * 100)} %`;

const confidenceText = (confidence: number) =>
  confidence > 0.99 ? 'over 99 % confidence' : `${Math.floor(confidence * 100 + 1e-9)} % confidence`;

const checkSample = ({ name, trials, successes }: ProportionSample) => {
  if (!Number.isSafeInteger(trials) || !Number.isSafeInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`${name}: successes and trials are whole numbers with 0 ≤ successes ≤ trials.`);
  }
};

/** Compares variant B with variant A on one metric; see the rules above. */
export function compareProportions(
  a: ProportionSample,
  b: ProportionSample,
  metric: SignificanceMetric = 'claim_rate',
): Significance {
  checkSample(a);
  checkSample(b);
  const words = WORDS[metric];
  const rateA = a.trials > 0 ? a.successes / a.trials : null;
  const rateB = b.trials > 0 ? b.successes / b.trials : null;
  const none = { z: null, pValue: null, confidence: null };
  if (rateA === null || rateB === null) {
    const missing = [rateA === null ? a.name : null, rateB === null ? b.name : null].filter((n) => n !== null);
    return {
      status: 'no_data',
      rateA,
      rateB,
      relativeDifference: null,
      ...none,
      sentence: `No data yet: no player has seen ${missing.join(' or ')}.`,
    };
  }
  const relativeDifference = rateA > 0 ? (rateB - rateA) / rateA : null;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  if (pooled === 0 || pooled === 1) {
    const who = pooled === 0 ? words.nobody : words.everybody;
    return {
      status: 'no_variation',
      rateA,
      rateB,
      relativeDifference,
      ...none,
      sentence:
        pooled === 0
          ? `${who} ${a.name} or ${b.name} yet: no difference to measure.`
          : `${who} both ${a.name} and ${b.name}: no difference to measure.`,
    };
  }
  const expected = [a.trials, b.trials].flatMap((n) => [n * pooled, n * (1 - pooled)]);
  if (expected.some((count) => count < SIGNIFICANCE_MIN_EXPECTED)) {
    return {
      status: 'too_little_data',
      rateA,
      rateB,
      relativeDifference,
      ...none,
      sentence: `Too little data to compare ${b.name} with ${a.name} yet: each needs about ${SIGNIFICANCE_MIN_EXPECTED} players who ${words.succeed} and ${SIGNIFICANCE_MIN_EXPECTED} who do not.`,
    };
  }
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  const z = (rateB - rateA) / standardError;
  const pValue = Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
  const confidence = 1 - pValue;
  const sure = confidenceText(confidence);
  let claim: string;
  if (rateB === rateA) claim = `${b.name} ${words.same} ${a.name}`;
  else if (relativeDifference === null) {
    claim = `${b.name} ${words.verb} ${percentOf(rateB)} of the time and ${a.name} ${words.never}`;
  } else {
    const size = oneDecimal(relativeDifference * 100);
    const amount = size === '0.0' ? 'less than 0.1 %' : `${size} %`;
    claim = `${b.name} ${words.verb} ${amount} ${relativeDifference > 0 ? words.more : words.fewer}`;
  }
  return { status: 'compared', rateA, rateB, relativeDifference, z, pValue, confidence, sentence: `${claim}, ${sure}` };
}
