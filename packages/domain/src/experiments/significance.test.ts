import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareProportions, erfc, normalCdf, SIGNIFICANCE_MIN_EXPECTED } from './significance';

const sample = (name: string, successes: number, trials: number) => ({ name, successes, trials });

describe('the normal distribution', () => {
  // Reference values: erfc to double precision (Python's math.erfc, i.e. the C library's), and the normal table's
  // Φ(1.96) = 0.9750 and Φ(−3) = 0.00135.
  it.each([
    [0, 1],
    [0.5, 0.4795001221869535],
    [1, 0.15729920705028513],
    [2, 0.004677734981047265],
    [3, 2.2090496998585438e-5],
    [5, 1.5374597944280351e-12],
    [8, 1.1224297172982928e-29],
    [-1, 2 - 0.15729920705028513],
  ])('erfc(%d) is within 1.2e-7 of %d, relative', (x, expected) => {
    expect(Math.abs(erfc(x) - expected) / expected).toBeLessThan(1.2e-7);
  });

  // Φ(x) = erfc(−x/√2)/2, so its error is at most 1.2e-7 times Φ(x) itself: below 1.2e-7 absolute.
  it('gives Φ of the textbook quantiles', () => {
    expect(Math.abs(normalCdf(1.96) - 0.9750021048517795)).toBeLessThan(1.2e-7);
    expect(Math.abs(normalCdf(-3) - 0.0013498980316300957) / 0.0013498980316300957).toBeLessThan(1.2e-7);
    expect(Math.abs(normalCdf(0) - 0.5)).toBeLessThan(1.2e-7);
  });

  it('is a distribution function: increasing, from 0 to 1, symmetric about 0', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (x, d) => {
        expect(normalCdf(x + d)).toBeGreaterThanOrEqual(normalCdf(x) - 2.4e-7);
        expect(normalCdf(x)).toBeGreaterThanOrEqual(0);
        expect(normalCdf(x)).toBeLessThanOrEqual(1 + 1.2e-7);
        expect(Math.abs(normalCdf(x) + normalCdf(-x) - 1)).toBeLessThan(2.4e-7);
      }),
      { numRuns: 100 },
    );
  });
});

describe('comparing two variants', () => {
  it('matches a textbook example: the early-intervention graduates, z = 4.69, p < 0.0001', () => {
    // David M. Lane, HyperStat Online (Rice University), "Tests of Differences between Proportions": 73 of 85
    // students of the early-intervention group graduated, 43 of 82 of the control group; pooled p = 0.695,
    // SE = 0.0713, z = 4.69, two-tailed p < 0.0001.
    const result = compareProportions(sample('Control', 43, 82), sample('Intervention', 73, 85));
    expect(result.status).toBe('compared');
    expect(result.z).toBeCloseTo(4.69, 2);
    expect(result.pValue).toBeLessThan(0.0001);
    expect(result.pValue).toBeCloseTo(2.7180688e-6, 11);
    expect(result.sentence).toBe('Intervention claims 63.8 % more, over 99 % confidence');
  });

  it('matches the z and two-sided p of a worked example with a moderate p-value', () => {
    // 80 of 3,303 against 118 of 3,303 (a standard worked example: z = 2.742, two-sided p = 0.00611).
    const result = compareProportions(sample('A', 80, 3303), sample('B', 118, 3303));
    expect(result.z).toBeCloseTo(2.741947, 5);
    expect(result.pValue).toBeCloseTo(0.0061076221, 8);
    expect(result.relativeDifference).toBeCloseTo(0.475, 10);
  });

  it('says it as the issue does: "B claims 6.1 % more, 97 % confidence"', () => {
    // 10 % against 10.6 %: z = 2.236, p = 0.0254, confidence 97.46 %, which rounds down to 97.
    const result = compareProportions(sample('A', 2500, 25000), sample('B', 2652, 25000));
    expect(result.z).toBeCloseTo(2.235986, 5);
    expect(result.confidence).toBeCloseTo(0.9746473, 6);
    expect(result.sentence).toBe('B claims 6.1 % more, 97 % confidence');
  });

  it('says fewer when B does worse, with the confidence rounded down', () => {
    // 10 % against 9.4 %: z = −1.0137, p = 0.3107, confidence 68.9 %.
    const result = compareProportions(sample('A', 500, 5000), sample('Big chest', 470, 5000));
    expect(result.z).toBeCloseTo(-1.013658, 5);
    expect(result.relativeDifference).toBeCloseTo(-0.06, 10);
    expect(result.sentence).toBe('Big chest claims 6.0 % fewer, 68 % confidence');
  });

  it('words day-7 reach on its own terms', () => {
    expect(compareProportions(sample('A', 2500, 25000), sample('B', 2652, 25000), 'day7_reach').sentence).toBe(
      'B reaches day 7 6.1 % more often, 97 % confidence',
    );
    expect(compareProportions(sample('A', 500, 5000), sample('B', 470, 5000), 'day7_reach').sentence).toBe(
      'B reaches day 7 6.0 % less often, 68 % confidence',
    );
  });

  it('says so when the rates are equal', () => {
    const result = compareProportions(sample('A', 300, 1000), sample('B', 600, 2000));
    expect(result.z).toBe(0);
    expect(result.pValue).toBe(1);
    expect(result.sentence).toBe('B claims as often as A, 0 % confidence');
  });

  it('says "less than 0.1 %" for a difference that rounds to nothing', () => {
    const result = compareProportions(sample('A', 100_000, 1_000_000), sample('B', 100_050, 1_000_000));
    expect(result.sentence).toMatch(/^B claims less than 0\.1 % more, \d+ % confidence$/);
  });

  it('gives both rates when A never succeeds', () => {
    const result = compareProportions(sample('A', 0, 1000), sample('B', 50, 1000));
    expect(result.status).toBe('compared');
    expect(result.relativeDifference).toBeNull();
    expect(result.sentence).toBe('B claims 5.0 % of the time and A never claims, over 99 % confidence');
  });

  it('says 100 % fewer when B never succeeds', () => {
    expect(compareProportions(sample('A', 50, 1000), sample('B', 0, 1000)).sentence).toBe(
      'B claims 100.0 % fewer, over 99 % confidence',
    );
  });

  it('says there is no data when a variant has no players', () => {
    const none = compareProportions(sample('A', 0, 0), sample('B', 0, 0));
    expect(none).toMatchObject({ status: 'no_data', rateA: null, rateB: null, confidence: null });
    expect(none.sentence).toBe('No data yet: no player has seen A or B.');
    const oneSide = compareProportions(sample('A', 5, 100), sample('B', 0, 0));
    expect(oneSide).toMatchObject({ status: 'no_data', rateA: 0.05, rateB: null, z: null });
    expect(oneSide.sentence).toBe('No data yet: no player has seen B.');
  });

  it('says there is nothing to measure when everyone or no one succeeds', () => {
    const all = compareProportions(sample('A', 400, 400), sample('B', 900, 900));
    expect(all).toMatchObject({ status: 'no_variation', rateA: 1, rateB: 1, relativeDifference: 0, z: null });
    expect(all.sentence).toBe('Every player claimed in both A and B: no difference to measure.');
    const nobody = compareProportions(sample('A', 0, 400), sample('B', 0, 900), 'day7_reach');
    expect(nobody.sentence).toBe('No player has reached day 7 in A or B yet: no difference to measure.');
  });

  it('gives no confidence with too little data for the normal approximation', () => {
    const result = compareProportions(sample('A', 3, 20), sample('B', 9, 20));
    expect(result).toMatchObject({ status: 'too_little_data', confidence: null, z: null, rateA: 0.15, rateB: 0.45 });
    expect(result.sentence).toBe(
      `Too little data to compare B with A yet: each needs about ${SIGNIFICANCE_MIN_EXPECTED} players who claim and ${SIGNIFICANCE_MIN_EXPECTED} who do not.`,
    );
    // Exactly at the condition (pooled 0.5, 20 trials each: 10 expected successes and failures) it compares.
    expect(compareProportions(sample('A', 8, 20), sample('B', 12, 20)).status).toBe('compared');
  });

  it('refuses counts that are not counts', () => {
    expect(() => compareProportions(sample('A', 5, 4), sample('B', 1, 2))).toThrow(RangeError);
    expect(() => compareProportions(sample('A', -1, 4), sample('B', 1, 2))).toThrow(RangeError);
    expect(() => compareProportions(sample('A', 1.5, 4), sample('B', 1, 2))).toThrow(RangeError);
  });

  it('is antisymmetric: swapping the variants flips z and keeps the confidence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (na, nb, ra, rb) => {
          const a = sample('A', Math.floor(na * ra), na);
          const b = sample('B', Math.floor(nb * rb), nb);
          const forward = compareProportions(a, b);
          const backward = compareProportions(b, a);
          expect(backward.status).toBe(forward.status);
          if (forward.status !== 'compared') return;
          expect(backward.z).toBeCloseTo(-(forward.z ?? 0), 9);
          expect(backward.confidence).toBeCloseTo(forward.confidence ?? 0, 9);
          expect(forward.confidence).toBeGreaterThanOrEqual(0);
          expect(forward.confidence).toBeLessThanOrEqual(1);
          expect(forward.sentence).not.toMatch(/100 % confidence|NaN|Infinity/);
        },
      ),
      { numRuns: 100 },
    );
  });
});
