import { dayKeyAt, dayStartAt, type DailyRewardStatus, type DayStartSetting } from '../daily-rewards/daily-streak';
import { TEST_PLAYER_NEXT_DAY_MARGIN_MS } from './test-player';

/**
 * A test player's clock (decision 040): the server's time plus their offset. Pure functions of the
 * server's time, the offset, the config's day rule and the player's zone, like the streak rules they feed.
 */

/**
 * The offset that puts a tester just inside their next day: the start of the day after the one their clock is in
 * now, under the config's day rule and their zone, plus TEST_PLAYER_NEXT_DAY_MARGIN_MS. Always later than their
 * clock now, by at most a day (and a DST hour) plus the margin.
 */
export function nextDayOffset(
  serverNow: number,
  offsetMs: number,
  dayStart: DayStartSetting,
  timeZone: string,
): number {
  const today = dayKeyAt(serverNow + offsetMs, dayStart, timeZone);
  return dayStartAt(today + 1, dayStart, timeZone) + TEST_PLAYER_NEXT_DAY_MARGIN_MS - serverNow;
}

/**
 * What a "reset" row records (it takes the next seq, as a claim would): a claim of cycle day 0 with streak 0 on the
 * day before the tester's today. The rules then read it as "nothing claimed yet": today is claimable, it is day 1
 * (0 % 7 + 1), the streak shows 0 and the next claim makes it 1; and it is not a missed day, nor is any later day a
 * different one (under both missed-day rules the next claim is day 1, streak 1).
 */
export function resetClaimFields(
  testerNow: number,
  dayStart: DayStartSetting,
  timeZone: string,
): { dayKey: number; cycleDay: 0; streak: 0 } {
  return { dayKey: dayKeyAt(testerNow, dayStart, timeZone) - 1, cycleDay: 0, streak: 0 };
}

/**
 * A tester's state with its instants (nextClaimAt, resetsAt) moved back onto the server's clock: the moments, in
 * real time, at which they come for this tester. A game counting down to them ("Next reward in 5 h") from the
 * device's clock then counts what the tester's clock would.
 */
export function onServerClock(status: DailyRewardStatus, offsetMs: number): DailyRewardStatus {
  if (offsetMs === 0) return status;
  return {
    ...status,
    nextClaimAt: status.nextClaimAt === null ? null : status.nextClaimAt - offsetMs,
    resetsAt: status.resetsAt - offsetMs,
  };
}
