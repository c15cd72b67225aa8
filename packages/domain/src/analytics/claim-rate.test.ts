import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimRateFigures } from './claim-rate';

describe('claimRateFigures', () => {
  it('counts a claimer whose view was not recorded as having seen the popup, so 2 seen and 16 claimed is 100 %', () => {
    const figures = claimRateFigures([
      { shown: 2, claimed: 16 },
      { shown: 10, claimed: 5 },
    ]);
    expect(figures).toEqual({ saw: 26, claimed: 21, claimedWithoutView: 14, rate: 21 / 26, noViewsRecorded: false });
  });

  it('gives no rate, and says so, when claims were made but no view at all was recorded', () => {
    expect(claimRateFigures([{ shown: 0, claimed: 16 }])).toMatchObject({ rate: null, noViewsRecorded: true, saw: 16 });
  });

  it('gives no rate when nobody saw the popup or claimed', () => {
    expect(claimRateFigures([{ shown: 0, claimed: 0 }])).toMatchObject({ rate: null, noViewsRecorded: false });
    expect(claimRateFigures([])).toMatchObject({ rate: null, saw: 0 });
  });

  it('is claimed ÷ shown when every claimer was seen', () => {
    expect(claimRateFigures([{ shown: 3, claimed: 2 }]).rate).toBe(2 / 3);
  });

  it('never reads above 100 %, for any days, alone or summed', () => {
    const day = fc.record({ shown: fc.nat(10_000), claimed: fc.nat(10_000) });
    fc.assert(
      fc.property(fc.array(day, { maxLength: 60 }), (days) => {
        const figures = claimRateFigures(days);
        expect(figures.saw).toBeGreaterThanOrEqual(figures.claimed);
        if (figures.rate !== null) {
          expect(figures.rate).toBeGreaterThanOrEqual(0);
          expect(figures.rate).toBeLessThanOrEqual(1);
        }
        for (const one of days) {
          const rate = claimRateFigures([one]).rate;
          if (rate !== null) expect(rate).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
