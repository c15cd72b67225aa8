import { DAILY_REWARD_CYCLE_DAYS } from './daily-reward-limits';

/** The runtime params of a daily-rewards view. */
export type DailyRewardsParams = { streak: number; todayIndex?: number };
export type DayState = 'claimed' | 'today' | 'upcoming';

/** The cycle length a view uses: a whole number from 1 to 7, else 7. */
const cycleLength = (cycleDays: number) =>
  Number.isInteger(cycleDays) && cycleDays >= 1 && cycleDays <= DAILY_REWARD_CYCLE_DAYS
    ? cycleDays
    : DAILY_REWARD_CYCLE_DAYS;

const numberFrom = (input: unknown): number => {
  if (typeof input === 'number') return input;
  if (typeof input !== 'string' || input.trim() === '') return Number.NaN;
  return Number(input.trim());
};

/** Streak: a whole number of at least 0; anything non-numeric is 0 (fractions are rounded down). */
export function parseStreak(input: unknown): number {
  const n = numberFrom(input);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER);
}

/**
 * Today Index: blank is allowed and means "not given" (undefined); only whole values of at least 1 are used
 * (fractions rounded down), anything else is not given either.
 */
export function parseTodayIndex(input: unknown): number | undefined {
  const n = numberFrom(input);
  if (!Number.isFinite(n)) return undefined;
  const whole = Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER);
  return whole >= 1 ? whole : undefined;
}

/**
 * A view's params from raw inputs (an address's ?streak= and ?todayIndex=, the emulator's fields, a CB_INIT's
 * params): parseStreak and parseTodayIndex, with todayIndex left out when not given.
 */
export function readDailyRewardsParams(streak: unknown, todayIndex: unknown): DailyRewardsParams {
  const today = parseTodayIndex(todayIndex);
  const days = parseStreak(streak);
  return today === undefined ? { streak: days } : { streak: days, todayIndex: today };
}

/**
 * Which day of the cycle is today (decision 012). A given todayIndex names it, wrapping past the cycle's end
 * (8 is day 1 of the next cycle); otherwise the streak counts the days already claimed in this run, so today is
 * the day after them, and a streak of a whole cycle (7, 14, …) starts the next cycle at day 1.
 */
export function todayOfCycle(params: DailyRewardsParams, cycleDays: number = DAILY_REWARD_CYCLE_DAYS): number {
  const cycle = cycleLength(cycleDays);
  const todayIndex = parseTodayIndex(params.todayIndex);
  if (todayIndex !== undefined) return ((todayIndex - 1) % cycle) + 1;
  return (parseStreak(params.streak) % cycle) + 1;
}

/** A day card's state: the days before today are claimed, today is today, the rest are upcoming. */
export function dayState(day: number, params: DailyRewardsParams, cycleDays?: number): DayState {
  const today = todayOfCycle(params, cycleDays);
  return day < today ? 'claimed' : day === today ? 'today' : 'upcoming';
}

/** The state of each day 1..cycleDays, in order. */
export function dayStates(params: DailyRewardsParams, cycleDays: number = DAILY_REWARD_CYCLE_DAYS): DayState[] {
  const cycle = cycleLength(cycleDays);
  return Array.from({ length: cycle }, (_, i) => dayState(i + 1, params, cycle));
}
