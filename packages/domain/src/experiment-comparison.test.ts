import { describe, expect, it } from 'vitest';
import { compareExperimentVariants, experimentVariantFigures } from './experiment-comparison';
import { compareProportions } from './significance';

const variant = (id: string, control = false) => ({ id, name: id, weight: 1, control });

describe('experiment comparison', () => {
  it('rates claims per player who saw the variant and day 7 per player who started a cycle', () => {
    const figures = experimentVariantFigures(variant('A', true), {
      players: 200,
      shown: 190,
      claimed: 120,
      startedCycle: 40,
      reachedDay7: 10,
    });
    expect(figures).toMatchObject({ players: 200, claimRate: 0.6, startedCycle: 40, day7Rate: 0.25 });
  });

  it('never rates above 100 %: more claims than players seen, or day 7 without a day 1, count as seen', () => {
    const figures = experimentVariantFigures(variant('A', true), {
      players: 3,
      shown: 3,
      claimed: 5,
      startedCycle: 0,
      reachedDay7: 2,
    });
    expect(figures).toMatchObject({ players: 5, claimRate: 1, startedCycle: 2, day7Rate: 1 });
  });

  it('has no rate for a variant nobody saw', () => {
    const figures = experimentVariantFigures(variant('B'), {
      players: 0,
      shown: 0,
      claimed: 0,
      startedCycle: 0,
      reachedDay7: 0,
    });
    expect(figures.claimRate).toBeNull();
    expect(figures.day7Rate).toBeNull();
  });

  it('compares each variant with the first, in significance.ts’s words (HyperStat: 73/85 against 43/82)', () => {
    const control = experimentVariantFigures(variant('A', true), {
      players: 82,
      shown: 82,
      claimed: 43,
      startedCycle: 82,
      reachedDay7: 43,
    });
    const b = experimentVariantFigures(variant('B'), {
      players: 85,
      shown: 85,
      claimed: 73,
      startedCycle: 85,
      reachedDay7: 73,
    });
    const c = experimentVariantFigures(variant('C'), {
      players: 0,
      shown: 0,
      claimed: 0,
      startedCycle: 0,
      reachedDay7: 0,
    });
    const [toB, toC] = compareExperimentVariants([control, b, c]);
    const expected = compareProportions(
      { name: 'A', trials: 82, successes: 43 },
      { name: 'B', trials: 85, successes: 73 },
    );
    expect(toB?.variantId).toBe('B');
    expect(toB?.claimRate).toEqual({
      status: 'compared',
      sentence: expected.sentence,
      confidence: expected.confidence,
    });
    expect(toB?.claimRate.sentence).toBe('B claims 63.8 % more, over 99 % confidence');
    expect(toB?.day7.sentence).toBe('B reaches day 7 63.8 % more often, over 99 % confidence');
    expect(toC).toMatchObject({
      variantId: 'C',
      claimRate: { status: 'no_data', confidence: null, sentence: 'No data yet: no player has seen C.' },
    });
  });

  it('compares nothing without variants', () => {
    expect(compareExperimentVariants([])).toEqual([]);
  });
});
