import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimDailyReward,
  dailyRewardStatus,
  dayKeyAt,
  type DayStartSetting,
  type LastClaim,
  type MissedDaySetting,
  type StreakSettings,
} from '../daily-rewards/daily-streak';
import { TEST_PLAYER_NEXT_DAY_MARGIN_MS } from './test-player';
import { nextDayOffset, onServerClock, resetClaimFields } from './tester-clock';
import { TRICKY_ZONES } from '../shared/tricky-zones.test-support';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
const MIDNIGHT: DayStartSetting = { kind: 'player_midnight' };
const FIVE_UTC: DayStartSetting = { kind: 'utc_time', minuteOfDay: 5 * 60 };
const rules = (dayStart: DayStartSetting, missedDay: MissedDaySetting): StreakSettings => ({ dayStart, missedDay });

describe('"Next day" for a test player', () => {
  it('moves the clock to a minute past the start of their next day, at their midnight', () => {
    // Berlin is UTC+1 in March: its midnight of the 3rd is 23:00 UTC on the 2nd.
    const server = at('2026-03-02T12:00:00Z');
    const offset = nextDayOffset(server, 0, MIDNIGHT, 'Europe/Berlin');
    expect(offset).toBe(11 * HOUR + MINUTE);
    expect(new Date(server + offset).toISOString()).toBe('2026-03-02T23:01:00.000Z');
    // Again from there: one more day, exactly 24 h later on a day without a clock change.
    expect(nextDayOffset(server, offset, MIDNIGHT, 'Europe/Berlin')).toBe(offset + DAY);
  });

  it('follows a fixed time of day in UTC whatever the zone', () => {
    const server = at('2026-03-02T04:30:00Z');
    expect(nextDayOffset(server, 0, FIVE_UTC, 'Pacific/Kiritimati')).toBe(30 * MINUTE + MINUTE);
    expect(nextDayOffset(server, 31 * MINUTE, FIVE_UTC, 'Pacific/Kiritimati')).toBe(31 * MINUTE + DAY);
  });

  it('takes a day of 23 hours when the clocks go forward', () => {
    // Berlin, 2026-03-29: 02:00 becomes 03:00.
    const server = at('2026-03-28T23:01:00Z'); // 00:01 on the 29th in Berlin
    const offset = nextDayOffset(server, 0, MIDNIGHT, 'Europe/Berlin');
    expect(new Date(server + offset).toISOString()).toBe('2026-03-29T22:01:00.000Z'); // 00:01 on the 30th (UTC+2)
    expect(offset).toBe(23 * HOUR);
  });

  it('always lands in the very next day, a margin past its start, in every tricky zone and under both day rules', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2011-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z') }),
        fc.integer({ min: -300 * DAY, max: 300 * DAY }),
        fc.constantFrom(...TRICKY_ZONES),
        fc.constantFrom<DayStartSetting>(MIDNIGHT, FIVE_UTC, { kind: 'utc_time', minuteOfDay: 1439 }),
        (server, offset, zone, dayStart) => {
          const before = dayKeyAt(server + offset, dayStart, zone);
          const next = nextDayOffset(server, offset, dayStart, zone);
          const after = dayKeyAt(server + next, dayStart, zone);
          // The next key, or the one after it where a zone skips a date (Apia's 2011-12-30).
          expect(after - before === 1 || (zone === 'Pacific/Apia' && after - before === 2)).toBe(true);
          expect(dayKeyAt(server + next - TEST_PLAYER_NEXT_DAY_MARGIN_MS - 1, dayStart, zone)).toBeLessThan(after);
          expect(next).toBeGreaterThan(offset);
          expect(next - offset).toBeLessThanOrEqual(DAY + 2 * HOUR + TEST_PLAYER_NEXT_DAY_MARGIN_MS);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('makes a player who claimed today able to claim the next day, and two days on a missed day', () => {
    const settings = rules(MIDNIGHT, 'keep_progress');
    const server = at('2026-03-02T12:00:00Z');
    const first = claimDailyReward(null, server, settings, 'Asia/Tokyo');
    if (!first.ok) throw new Error('first claim refused');
    let offset = nextDayOffset(server, 0, MIDNIGHT, 'Asia/Tokyo');
    expect(dailyRewardStatus(first.claim, server + offset, settings, 'Asia/Tokyo')).toMatchObject({
      claimable: true,
      missed: false,
      day: 2,
      streak: 1,
    });
    offset = nextDayOffset(server, offset, MIDNIGHT, 'Asia/Tokyo');
    expect(dailyRewardStatus(first.claim, server + offset, settings, 'Asia/Tokyo')).toMatchObject({
      claimable: true,
      missed: true,
      day: 2,
      streak: 0,
    });
  });
});

describe('"Reset progress" for a test player', () => {
  const resetRow = (testerNow: number, dayStart: DayStartSetting, zone: string, seq: number): LastClaim => ({
    seq,
    ...resetClaimFields(testerNow, dayStart, zone),
    claimedAt: testerNow,
  });

  it.each([
    ['midnight, keep progress', rules(MIDNIGHT, 'keep_progress')],
    ['midnight, start over', rules(MIDNIGHT, 'start_over')],
    ['05:00 UTC, keep progress', rules(FIVE_UTC, 'keep_progress')],
    ['05:00 UTC, start over', rules(FIVE_UTC, 'start_over')],
  ])('makes the next claim day 1 with streak 1, claimable at once (%s)', (_name, settings) => {
    const zone = 'America/New_York';
    let last: LastClaim | null = null;
    let now = at('2026-03-02T12:00:00Z');
    // Four days claimed, the last one today.
    for (let i = 0; i < 4; i++) {
      const claimed = claimDailyReward(last, now, settings, zone);
      if (!claimed.ok) throw new Error('claim refused');
      last = claimed.claim;
      if (i < 3) now += DAY;
    }
    expect(dailyRewardStatus(last, now, settings, zone)).toMatchObject({ claimable: false, day: 4, streak: 4 });

    const reset = resetRow(now, settings.dayStart, zone, last!.seq + 1);
    expect(dailyRewardStatus(reset, now, settings, zone)).toMatchObject({
      day: 1,
      streak: 0,
      claimable: true,
      missed: false,
      nextClaimAt: null,
    });
    const again = claimDailyReward(reset, now, settings, zone);
    expect(again.ok && [again.claim.cycleDay, again.claim.streak, again.claim.seq]).toEqual([1, 1, last!.seq + 2]);

    // Left alone for days after the reset: still day 1 under either rule.
    const later = now + 3 * DAY;
    expect(dailyRewardStatus(reset, later, settings, zone)).toMatchObject({ day: 1, streak: 0, claimable: true });
    const late = claimDailyReward(reset, later, settings, zone);
    expect(late.ok && [late.claim.cycleDay, late.claim.streak]).toEqual([1, 1]);
  });

  it('reads as nothing claimed in every tricky zone, at any instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2011-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z') }),
        fc.constantFrom(...TRICKY_ZONES),
        fc.constantFrom<DayStartSetting>(MIDNIGHT, FIVE_UTC),
        fc.constantFrom<MissedDaySetting>('keep_progress', 'start_over'),
        (now, zone, dayStart, missedDay) => {
          const settings = rules(dayStart, missedDay);
          const fresh = dailyRewardStatus(null, now, settings, zone);
          const reset = dailyRewardStatus(resetRow(now, dayStart, zone, 9), now, settings, zone);
          expect(reset).toEqual(fresh);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('a test player’s instants on the server’s clock', () => {
  it('moves nextClaimAt and resetsAt back by the offset, and changes nothing without one', () => {
    const status = {
      day: 2,
      streak: 1,
      claimable: false,
      missed: false,
      dayKey: 20_000,
      nextClaimAt: at('2026-03-05T00:00:00Z'),
      resetsAt: at('2026-03-05T00:00:00Z'),
    };
    expect(onServerClock(status, 3 * DAY)).toEqual({
      ...status,
      nextClaimAt: at('2026-03-02T00:00:00Z'),
      resetsAt: at('2026-03-02T00:00:00Z'),
    });
    expect(onServerClock({ ...status, nextClaimAt: null }, -HOUR).nextClaimAt).toBeNull();
    expect(onServerClock(status, 0)).toBe(status);
  });
});
