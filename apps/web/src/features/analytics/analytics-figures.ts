import {
  claimRateFigures,
  NO_POPUP_VIEWS_RECORDED,
  STREAK_BUCKETS,
  type AnalyticsDay,
  type ClaimRateFigures,
  type StreakBucketId,
} from '@liveops/domain/analytics';
import { DAILY_REWARD_CYCLE_DAYS } from '@liveops/domain/daily-rewards';
import { type ExperimentVariantFigures } from '@liveops/domain/experiments';

/**
 * What the Analytics tab draws from the server's daily rollups (decision 044): each figure counts players once per
 * day, so a sum over days counts player-days, and the tab says so.
 */

const DAY_MS = 86_400_000;

/** The server's day: a UTC calendar date, YYYY-MM-DD. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The `days` UTC days ending today. */
export function presetRange(days: number, now: number): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

export type DayFigures = {
  day: string;
  sessions: number;
  /** Players who saw the popup: those whose `shown` was recorded, or more when more claimed (claimRateFigures). */
  saw: number;
  closed: number;
  claimed: number;
  /** The claim rate: claimed ÷ saw, never above 1; null when nobody saw the popup or no view was recorded. */
  rate: number | null;
  /** Claims but not one recorded view: the rate reads NO_POPUP_VIEWS_RECORDED. */
  noViewsRecorded: boolean;
};

/** "42 %", or "—" when there is no rate (nobody saw the popup). */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${Math.round(rate * 1000) / 10} %`;
}

/** A rate with the number of players it is out of: "67 % (n = 3)", so 67 % of 3 never passes for 67 % of 3,000. */
export function formatRateOf(rate: number | null, players: number): string {
  return `${formatRate(rate)} (n = ${players.toLocaleString('en-US')})`;
}

/** A claim rate as the tab writes it: "42 %", "no popup views recorded", or "—" when nobody saw or claimed. */
export function formatClaimRate(figures: Pick<ClaimRateFigures, 'rate' | 'noViewsRecorded'>): string {
  return figures.noViewsRecorded ? NO_POPUP_VIEWS_RECORDED : formatRate(figures.rate);
}

export function byDay(days: readonly AnalyticsDay[]): DayFigures[] {
  return days.map(({ day, sessions, shown, closed, claimed }) => {
    const figures = claimRateFigures([{ shown, claimed }]);
    return {
      day,
      sessions,
      saw: figures.saw,
      closed,
      claimed,
      rate: figures.rate,
      noViewsRecorded: figures.noViewsRecorded,
    };
  });
}

/**
 * The days the By day chart draws: from the first day with figures to the range's last, so a game whose players
 * came only lately is not a row of empty days with its bars squeezed against the right edge (the table and the CSV
 * keep every day of the range). All of them when none has figures.
 */
export function chartDays(rows: readonly DayFigures[]): DayFigures[] {
  const first = rows.findIndex((row) => row.sessions + row.saw + row.closed + row.claimed > 0);
  return first <= 0 ? [...rows] : rows.slice(first);
}

/** Below this width of a day's band (px) the day's two bars are drawn one over the other instead of side by side. */
export const SIDE_BY_SIDE_MIN_BAND = 16;

/**
 * How the By day chart draws a day's two bars in a plot `plotWidth` px wide: side by side while each day's band
 * leaves them a few pixels each, else overlaid (claimed in front of saw, the band's full width), so a year of days
 * is still bars and not hairlines.
 */
export function dayBars(days: number, plotWidth: number): 'side-by-side' | 'overlaid' {
  return days > 0 && plotWidth / days < SIDE_BY_SIDE_MIN_BAND ? 'overlaid' : 'side-by-side';
}

export type Totals = ClaimRateFigures & { sessions: number; closed: number };

export function totals(days: readonly AnalyticsDay[]): Totals {
  const sum = (pick: (day: AnalyticsDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    ...claimRateFigures(days),
    sessions: sum((day) => day.sessions),
    closed: sum((day) => day.closed),
  };
}

export type FunnelStep = {
  cycleDay: number;
  label: string;
  /** Player-days that claimed this day of the cycle, over the range. */
  players: number;
  /** players / the first day's; null when nobody reached day 1. */
  ofFirstDay: number | null;
};

/** The cycle's funnel: player-days reaching each cycle day (1..7), summed over the range. */
export function cycleFunnel(days: readonly AnalyticsDay[]): FunnelStep[] {
  const counts = Array.from({ length: DAILY_REWARD_CYCLE_DAYS }, (_, at) =>
    days.reduce((total, day) => total + (day.claimedByCycleDay[at] ?? 0), 0),
  );
  const first = counts[0] ?? 0;
  return counts.map((players, at) => ({
    cycleDay: at + 1,
    label: `Day ${at + 1}`,
    players,
    ofFirstDay: first === 0 ? null : players / first,
  }));
}

export type StreakBar = { bucket: StreakBucketId; label: string; players: number; share: number | null };

/** Claims by the streak they made, in the domain's buckets (1..7, 8–14, 15–30, 31+), summed over the range. */
export function streakDistribution(days: readonly AnalyticsDay[]): StreakBar[] {
  const counts = STREAK_BUCKETS.map(({ id }) => days.reduce((total, day) => total + day.claimedByStreak[id], 0));
  const all = counts.reduce((total, count) => total + count, 0);
  return STREAK_BUCKETS.map(({ id }, at) => ({
    bucket: id,
    label: id === '1' ? '1 day' : `${id.replace('-', '–')} days`,
    players: counts[at] ?? 0,
    share: all === 0 ? null : (counts[at] ?? 0) / all,
  }));
}

/** Whether anything at all was counted in the range. */
export function hasFigures(days: readonly AnalyticsDay[]): boolean {
  return days.some(
    (day) =>
      day.sessions + day.shown + day.closed + day.claimed > 0 ||
      day.claimedByCycleDay.some((count) => count > 0) ||
      Object.values(day.claimedByStreak).some((count) => count > 0),
  );
}

/** "Mar 4" for a chart's axis (the day is UTC, so it is formatted in UTC). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break; a formula's first character neutralised. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A rate for a CSV: a plain ratio with 4 decimals, empty when there is none. */
export function csvRate(rate: number | null): number | null {
  return rate === null ? null : Math.round(rate * 10_000) / 10_000;
}

export type ExperimentBar = {
  label: string;
  claimRate: number | null;
  day7Rate: number | null;
  /** "n = 400": the players the claim rate is out of (who saw the variant), written on its bar. */
  claimN: string;
  /** "n = 150": the players the day-7 reach is out of (who started a cycle), written on its bar. */
  day7N: string;
};

/** The experiment chart's bars: each variant's two rates, each with the n it is out of. */
export function experimentBars(variants: readonly ExperimentVariantFigures[]): ExperimentBar[] {
  const n = (players: number) => `n = ${players.toLocaleString('en-US')}`;
  return variants.map((variant) => ({
    label: variant.name,
    claimRate: variant.claimRate,
    day7Rate: variant.day7Rate,
    claimN: n(variant.players),
    day7N: n(variant.startedCycle),
  }));
}
