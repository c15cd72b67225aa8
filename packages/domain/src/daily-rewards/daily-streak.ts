import { localDateKey, localDayStart } from '../shared/time-zone';

/**
 * A player's daily reward: which day of the cycle today is, the streak, whether today can be claimed, and what a
 * claim records. Pure functions of (last claim, now, settings, time zone): only the server's clock decides, the
 * client sends no time, and tests inject the clock.
 *
 * The rules:
 * - A day key numbers the player's days. Midnight in the player's zone (`player_midnight`): the local date as days
 *   since 1970-01-01. A fixed time of day in UTC (`utc_time`, minute 0..1439): days since 1970-01-01 counted from
 *   that minute, floor((now - minuteOfDay * 60000) / 86400000). dayStartAt is its inverse: the first instant of a
 *   day key.
 * - A claim is possible iff there is no last claim or today's key is greater than the last claim's: the keys of
 *   successive claims strictly increase. That is what keeps time-zone hopping from minting days: a key is the
 *   local date, which runs ahead of UTC by at most the zone offset range, so hopping east pays a day early once and
 *   hopping back west means waiting for the keys already used.
 * - missed: there is a last claim and today's key is more than one past it (a whole day went unclaimed).
 * - day, today's cycle day 1..7: not claimable, the last claim's (today's, claimed); claimable with no last claim,
 *   1; claimable after a missed day under `start_over`, 1; otherwise the day after the last claim's, and after day
 *   7 a new cycle starts at day 1. Under `keep_progress` a missed day keeps the next unclaimed day waiting.
 * - streak, the calendar days claimed in a row ending with the last claim while that run is alive: no last claim,
 *   0; missed, 0; otherwise the last claim's. A claim's streak is the last one's plus 1, or 1 after a miss (or at
 *   the first claim). It counts days under both missed-day rules; only `day` differs between them.
 * - nextClaimAt: null when claimable, else when the day after the last claim's begins. resetsAt: when today ends.
 * - A date the player's zone skips (Pacific/Apia went from 2011-12-29 to 2011-12-31) is a key nobody can claim:
 *   a claim on the 29th followed by one on the 31st is a missed day, so the streak starts again at 1 (and under
 *   `start_over`, so does the cycle). The rules take the calendar as it is rather than guess.
 */

export const DAILY_CYCLE_LENGTH = 7;

export type DayStartSetting = { kind: 'player_midnight' } | { kind: 'utc_time'; minuteOfDay: number };
export type MissedDaySetting = 'keep_progress' | 'start_over';
export type StreakSettings = { dayStart: DayStartSetting; missedDay: MissedDaySetting };

export const DEFAULT_STREAK_SETTINGS: StreakSettings = {
  dayStart: { kind: 'player_midnight' },
  missedDay: 'keep_progress',
};

/** The player's last successful claim of one daily reward; seq counts the claims. */
export type LastClaim = { seq: number; dayKey: number; cycleDay: number; streak: number; claimedAt: number };

export type DailyRewardStatus = {
  day: number;
  streak: number;
  claimable: boolean;
  missed: boolean;
  dayKey: number;
  nextClaimAt: number | null;
  resetsAt: number;
};

export type DailyRewardClaim =
  | { ok: true; claim: LastClaim; status: DailyRewardStatus }
  | { ok: false; reason: 'already_claimed'; nextClaimAt: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;

// Callers validate settings and read the clock themselves: a bad value here is a programming error.
function assertNow(now: number): void {
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new TypeError(`now must be a finite number of epoch milliseconds, got ${String(now)}.`);
  }
}

function assertDayStart(dayStart: DayStartSetting): void {
  switch (dayStart.kind) {
    case 'player_midnight':
      return;
    case 'utc_time':
      break;
    default:
      throw new TypeError(`Unknown day start ${JSON.stringify((dayStart as { kind: unknown }).kind)}.`);
  }
  const minute = dayStart.minuteOfDay;
  if (!Number.isInteger(minute) || minute < 0 || minute >= MINUTES_PER_DAY) {
    throw new TypeError(`minuteOfDay must be a whole number from 0 to 1439, got ${String(minute)}.`);
  }
}

/** The key of the player's day at `now`: the local date under player_midnight, else days counted from the UTC time. */
export function dayKeyAt(now: number, dayStart: DayStartSetting, timeZone: string): number {
  assertNow(now);
  assertDayStart(dayStart);
  if (dayStart.kind === 'player_midnight') return localDateKey(now, timeZone);
  return Math.floor((now - dayStart.minuteOfDay * MINUTE_MS) / DAY_MS);
}

/** The first instant of day `dayKey` (the inverse of dayKeyAt). */
export function dayStartAt(dayKey: number, dayStart: DayStartSetting, timeZone: string): number {
  assertDayStart(dayStart);
  if (dayStart.kind === 'player_midnight') return localDayStart(dayKey, timeZone);
  if (!Number.isSafeInteger(dayKey)) {
    throw new TypeError(`dayKey must be a whole number of days, got ${String(dayKey)}.`);
  }
  return dayKey * DAY_MS + dayStart.minuteOfDay * MINUTE_MS;
}

/** Today's state of a player's daily reward at `now`, given their last claim. */
export function dailyRewardStatus(
  last: LastClaim | null,
  now: number,
  settings: StreakSettings,
  timeZone: string,
): DailyRewardStatus {
  const dayKey = dayKeyAt(now, settings.dayStart, timeZone);
  const resetsAt = dayStartAt(dayKey + 1, settings.dayStart, timeZone);
  if (last === null) {
    return { day: 1, streak: 0, claimable: true, missed: false, dayKey, nextClaimAt: null, resetsAt };
  }
  const claimable = dayKey > last.dayKey;
  const missed = dayKey > last.dayKey + 1;
  const day = !claimable
    ? last.cycleDay
    : missed && settings.missedDay === 'start_over'
      ? 1
      : (last.cycleDay % DAILY_CYCLE_LENGTH) + 1;
  return {
    day,
    streak: missed ? 0 : last.streak,
    claimable,
    missed,
    dayKey,
    nextClaimAt: claimable ? null : dayStartAt(last.dayKey + 1, settings.dayStart, timeZone),
    resetsAt,
  };
}

/** Claims today's reward at `now`: the claim to record and the state after it, or why not. */
export function claimDailyReward(
  last: LastClaim | null,
  now: number,
  settings: StreakSettings,
  timeZone: string,
): DailyRewardClaim {
  const today = dailyRewardStatus(last, now, settings, timeZone);
  if (!today.claimable) {
    // Not claimable implies a last claim, and so a nextClaimAt.
    return { ok: false, reason: 'already_claimed', nextClaimAt: today.nextClaimAt ?? today.resetsAt };
  }
  const claim: LastClaim = {
    seq: (last?.seq ?? 0) + 1,
    dayKey: today.dayKey,
    cycleDay: today.day,
    streak: last !== null && !today.missed ? last.streak + 1 : 1,
    claimedAt: now,
  };
  return { ok: true, claim, status: dailyRewardStatus(claim, now, settings, timeZone) };
}
