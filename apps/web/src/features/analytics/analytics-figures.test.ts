import { describe, expect, it } from 'vitest';
import { emptyRollupRow, type AnalyticsDay } from '@liveops/domain/analytics';
import {
  byDay,
  chartDays,
  cycleFunnel,
  dayBars,
  formatClaimRate,
  formatRate,
  hasFigures,
  presetRange,
  streakDistribution,
  toCsv,
  totals,
} from './analytics-figures';

function day(date: string, figures: Partial<AnalyticsDay> = {}): AnalyticsDay {
  const {
    gameId: _g,
    configId: _c,
    variantId: _v,
    ...empty
  } = emptyRollupRow({
    gameId: 'g1',
    configId: null,
    variantId: null,
    day: date,
  });
  return { ...empty, ...figures };
}

describe('analytics figures', () => {
  it('gives the claim rate per day and in all, and no rate where nobody saw the popup', () => {
    const days = [
      day('2026-03-01', { shown: 4, claimed: 3 }),
      day('2026-03-02'),
      day('2026-03-03', { shown: 6, claimed: 1 }),
    ];
    expect(byDay(days).map((row) => row.rate)).toEqual([0.75, null, 1 / 6]);
    expect(byDay(days).map((row) => formatRate(row.rate))).toEqual(['75 %', '—', '16.7 %']);
    expect(totals(days)).toMatchObject({ saw: 10, claimed: 4, rate: 0.4 });
  });

  it('never reads a claim rate above 100 %: claimers whose view was not recorded count as having seen the popup', () => {
    const days = [day('2026-03-01', { shown: 2, claimed: 16 }), day('2026-03-02', { shown: 4, claimed: 2 })];
    expect(byDay(days).map((row) => [row.saw, formatClaimRate(row)])).toEqual([
      [16, '100 %'],
      [4, '50 %'],
    ]);
    expect(totals(days)).toMatchObject({ saw: 20, claimed: 18, claimedWithoutView: 14 });
    expect(formatClaimRate(totals(days))).toBe('90 %');
  });

  it('says "no popup views recorded" instead of a rate when claims came and no view at all', () => {
    const days = [day('2026-03-01', { claimed: 16 }), day('2026-03-02')];
    expect(byDay(days).map((row) => formatClaimRate(row))).toEqual(['no popup views recorded', '—']);
    expect(formatClaimRate(totals(days))).toBe('no popup views recorded');
  });

  it('sums the cycle funnel and the streaks over the range, as player-days', () => {
    const first = day('2026-03-01', {
      claimedByCycleDay: [4, 2, 0, 0, 0, 0, 0],
      claimedByStreak: { ...day('x').claimedByStreak, '1': 4, '2': 2 },
    });
    const second = day('2026-03-02', {
      claimedByCycleDay: [1, 3, 2, 0, 0, 0, 0],
      claimedByStreak: { ...day('x').claimedByStreak, '1': 1, '3': 2, '31+': 3 },
    });
    const funnel = cycleFunnel([first, second]);
    expect(funnel.map((step) => step.players)).toEqual([5, 5, 2, 0, 0, 0, 0]);
    expect(funnel[2]!.ofFirstDay).toBe(0.4);
    const streaks = streakDistribution([first, second]);
    expect(streaks.map((bar) => [bar.bucket, bar.players])).toEqual([
      ['1', 5],
      ['2', 2],
      ['3', 2],
      ['4', 0],
      ['5', 0],
      ['6', 0],
      ['7', 0],
      ['8-14', 0],
      ['15-30', 0],
      ['31+', 3],
    ]);
    expect(streaks.at(-1)!.label).toBe('31+ days');
    expect(cycleFunnel([day('2026-03-01')])[0]!.ofFirstDay).toBeNull();
  });

  it('knows an empty range from one with figures', () => {
    expect(hasFigures([day('2026-03-01'), day('2026-03-02')])).toBe(false);
    expect(hasFigures([day('2026-03-01', { closed: 1 })])).toBe(true);
  });

  it('ends a preset range today (UTC), both days included', () => {
    expect(presetRange(7, Date.parse('2026-03-10T23:30:00Z'))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange(30, Date.parse('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('writes CSV with quoted cells, empty for no value, and no formula a spreadsheet would run', () => {
    expect(
      toCsv(
        ['name', 'rate'],
        [
          ['Week, one', 0.5],
          ['=SUM(A1)', null],
          ['say "hi"', 1],
        ],
      ),
    ).toBe('name,rate\r\n"Week, one",0.5\r\n\'=SUM(A1),\r\n"say ""hi""",1\r\n');
  });

  it('draws the By day chart from the first day with figures, and every day when none has any', () => {
    const days = byDay([day('2026-03-01'), day('2026-03-02'), day('2026-03-03', { sessions: 1 }), day('2026-03-04')]);
    expect(chartDays(days).map((row) => row.day)).toEqual(['2026-03-03', '2026-03-04']);
    expect(chartDays(byDay([day('2026-03-01', { shown: 2 })])).map((row) => row.day)).toEqual(['2026-03-01']);
    expect(chartDays(byDay([day('2026-03-01'), day('2026-03-02')]))).toHaveLength(2);
  });

  it('draws a day’s two bars side by side while its band is wide enough, overlaid when it is not', () => {
    // One day to a month on a desktop's plot, a week on a phone's: side by side.
    expect(dayBars(1, 700)).toBe('side-by-side');
    expect(dayBars(30, 700)).toBe('side-by-side');
    expect(dayBars(7, 250)).toBe('side-by-side');
    // A month on a phone, a year anywhere: overlaid.
    expect(dayBars(30, 250)).toBe('overlaid');
    expect(dayBars(365, 700)).toBe('overlaid');
  });
});
