import { describe, expect, it } from 'vitest';
import { compareExperimentVariants, experimentVariantFigures, promoteWarning } from './experiment-comparison';
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

describe('promoteWarning', () => {
  const experimentOf = (control: [number, number], variant: [number, number]) => {
    const variants = [
      experimentVariantFigures(
        { id: 'A', name: 'Control', weight: 1, control: true },
        { players: control[0], shown: control[0], claimed: control[1], startedCycle: 0, reachedDay7: 0 },
      ),
      experimentVariantFigures(
        { id: 'B', name: 'Big chest', weight: 1, control: false },
        { players: variant[0], shown: variant[0], claimed: variant[1], startedCycle: 0, reachedDay7: 0 },
      ),
    ];
    return { variants, comparisons: compareExperimentVariants(variants) };
  };

  it('says "Too little data" when the comparison cannot be made yet', () => {
    expect(promoteWarning(experimentOf([3, 2], [3, 3]), 'B')).toBe(
      'Too little data: the comparison cannot tell yet whether Big chest claims more often than Control (Big chest: 3 players, Control: 3.) Promoting it now is a guess.',
    );
  });

  it('says "Not significant" with the confidence when it is below 95 %', () => {
    const warning = promoteWarning(experimentOf([100, 50], [100, 55]), 'B');
    expect(warning).toMatch(/^Not significant: Big chest claims 10\.0 % more, \d+ % confidence, below the usual 95 %/);
  });

  it('says a significantly worse variant would lower the claim rate', () => {
    expect(promoteWarning(experimentOf([400, 300], [400, 200]), 'B')).toMatch(
      /^Big chest claims less often than Control: .*Promoting it is likely to lower the claim rate\.$/,
    );
  });

  it('says nothing when the variant claims more often with at least 95 % confidence', () => {
    expect(promoteWarning(experimentOf([400, 200], [400, 260]), 'B')).toBeNull();
  });

  it('says nobody has seen the variant yet', () => {
    expect(promoteWarning(experimentOf([100, 50], [0, 0]), 'B')).toBe(
      'No data yet: no player has seen Big chest. Promoting it now is a guess.',
    );
  });
});
