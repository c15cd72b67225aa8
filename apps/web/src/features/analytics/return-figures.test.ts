import { describe, expect, it } from 'vitest';
import { emptyRollupRow, type AnalyticsDay } from '@liveops/domain/analytics';
import { hasReturnRates, returnDays, returnSummary } from './return-figures';

function day(date: string, figures: Partial<AnalyticsDay> = {}): AnalyticsDay {
  const {
    gameId: _g,
    configId: _c,
    variantId: _v,
    ...zeros
  } = emptyRollupRow({
    gameId: 'g',
    configId: null,
    variantId: null,
    day: date,
  });
  return { ...zeros, ...figures };
}

describe('return rates from the daily rollups', () => {
  const days = [
    // Before sessions were counted: claims, no active players. Left out.
    day('2026-05-01', { claimed: 3 }),
    day('2026-05-02', {
      active: 10,
      claimed: 4,
      activeBackNextDay: 7,
      claimedBackNextDay: 3,
      activeBackDay7: 2,
      claimedBackDay7: 1,
    }),
    day('2026-05-08', { active: 5, claimed: 1, activeBackNextDay: 1, claimedBackNextDay: 1 }),
    day('2026-05-09', { active: 2, claimed: 2 }),
  ];

  it('splits each day’s active players into claimers and the others, with who came back', () => {
    const rows = returnDays(days, '2026-05-09');
    expect(rows.map((row) => row.day)).toEqual(['2026-05-02', '2026-05-08', '2026-05-09']);
    expect(rows[0]).toEqual({
      day: '2026-05-02',
      claimers: 4,
      others: 6,
      // Its day 7 is today: so far.
      claimersBack: { nextDay: { back: 3, soFar: false }, day7: { back: 1, soFar: true } },
      othersBack: { nextDay: { back: 4, soFar: false }, day7: { back: 1, soFar: true } },
    });
    // Yesterday's next day is today: so far. Its day 7 has not begun.
    expect(rows[1]?.claimersBack).toEqual({ nextDay: { back: 1, soFar: true }, day7: { back: null, soFar: false } });
    expect(rows[2]?.othersBack.nextDay).toEqual({ back: null, soFar: false });
  });

  it('rates each cohort over the days whose later day has begun', () => {
    const [claimed, notClaimed] = returnSummary(returnDays(days, '2026-05-09'));
    expect(claimed?.rates.nextDay).toEqual({ back: 4, of: 5, rate: 0.8 });
    expect(claimed?.rates.day7).toEqual({ back: 1, of: 4, rate: 0.25 });
    expect(notClaimed?.rates.nextDay).toEqual({ back: 4, of: 10, rate: 0.4 });
    expect(notClaimed?.rates.day7).toEqual({ back: 1, of: 6, rate: 1 / 6 });
  });

  it('has nothing to show until a cohort’s next day has begun', () => {
    expect(hasReturnRates(returnSummary(returnDays([day('2026-05-09', { active: 2 })], '2026-05-09')))).toBe(false);
    expect(hasReturnRates(returnSummary(returnDays([day('2026-05-08', { active: 2 })], '2026-05-09')))).toBe(true);
    expect(returnSummary([]).every((cohort) => cohort.rates.nextDay.rate === null)).toBe(true);
  });
});
