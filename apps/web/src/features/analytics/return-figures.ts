import type { AnalyticsDay } from '@liveops/domain/analytics';

/**
 * Return rates as the Analytics tab shows them (decision 047), from the daily rollups only: of the
 * players active on a day (any event) who claimed, and of those who did not, the share with an event in the game
 * the next day and 7 days later. A day's figure exists once that later day has begun (UTC); until it ends it
 * grows, and the tab says "so far".
 */

export const RETURN_LATER = [
  { id: 'nextDay', days: 1, label: 'Next day' },
  { id: 'day7', days: 7, label: '7 days later' },
] as const;
export type ReturnLater = (typeof RETURN_LATER)[number]['id'];

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Players of one cohort on one day, and how many came back; `back` null when that day has not begun yet. */
export type ReturnCell = { back: number | null; soFar: boolean };

export type ReturnDay = {
  day: string;
  claimers: number;
  others: number;
  claimersBack: Record<ReturnLater, ReturnCell>;
  othersBack: Record<ReturnLater, ReturnCell>;
};

/**
 * The days of the range that have a cohort: players active that day (counted since sessions and return rates were
 * recorded; a day before has claims but no active players and is left out rather than shown as nobody returning).
 */
export function returnDays(days: readonly AnalyticsDay[], today: string): ReturnDay[] {
  return days
    .filter((day) => day.active > 0)
    .map((day) => {
      const others = Math.max(0, day.active - day.claimed);
      const cell = (later: number, back: number): ReturnCell => {
        const on = addDays(day.day, later);
        return on > today ? { back: null, soFar: false } : { back, soFar: on === today };
      };
      return {
        day: day.day,
        claimers: day.claimed,
        others,
        claimersBack: {
          nextDay: cell(1, day.claimedBackNextDay),
          day7: cell(7, day.claimedBackDay7),
        },
        othersBack: {
          nextDay: cell(1, Math.max(0, day.activeBackNextDay - day.claimedBackNextDay)),
          day7: cell(7, Math.max(0, day.activeBackDay7 - day.claimedBackDay7)),
        },
      };
    });
}

/** A cohort's rate over the range: player-days that came back ÷ player-days whose later day has begun. */
export type ReturnRate = { back: number; of: number; rate: number | null };

export type ReturnSummary = {
  cohort: 'claimed' | 'notClaimed';
  label: string;
  rates: Record<ReturnLater, ReturnRate>;
};

export function returnSummary(rows: readonly ReturnDay[]): ReturnSummary[] {
  const rate = (pick: (row: ReturnDay) => { players: number; cell: ReturnCell }): ReturnRate => {
    let back = 0;
    let of = 0;
    for (const row of rows) {
      const { players, cell } = pick(row);
      if (cell.back === null) continue;
      back += cell.back;
      of += players;
    }
    return { back, of, rate: of === 0 ? null : back / of };
  };
  const cohort = (
    id: ReturnSummary['cohort'],
    label: string,
    players: (row: ReturnDay) => number,
    cells: (row: ReturnDay) => Record<ReturnLater, ReturnCell>,
  ): ReturnSummary => ({
    cohort: id,
    label,
    rates: {
      nextDay: rate((row) => ({ players: players(row), cell: cells(row).nextDay })),
      day7: rate((row) => ({ players: players(row), cell: cells(row).day7 })),
    },
  });
  return [
    cohort(
      'claimed',
      'Claimed',
      (row) => row.claimers,
      (row) => row.claimersBack,
    ),
    cohort(
      'notClaimed',
      'Did not claim',
      (row) => row.others,
      (row) => row.othersBack,
    ),
  ];
}

/** Whether any rate can be shown yet: some cohort's next day has begun. */
export function hasReturnRates(summary: readonly ReturnSummary[]): boolean {
  return summary.some((cohort) => cohort.rates.nextDay.of > 0);
}
