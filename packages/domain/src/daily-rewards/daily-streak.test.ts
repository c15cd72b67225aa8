import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimDailyReward,
  DAILY_CYCLE_LENGTH,
  type DailyRewardClaim,
  dailyRewardStatus,
  type DailyRewardStatus,
  type DayStartSetting,
  dayKeyAt,
  dayStartAt,
  DEFAULT_STREAK_SETTINGS,
  type LastClaim,
  type MissedDaySetting,
  type StreakSettings,
} from './daily-streak';
import {
  effectiveTimeZone,
  TIME_ZONE_CHANGE_MAX_GAIN_MS,
  type PlayerTimeZone,
  zoneOffsetMs,
} from '../shared/time-zone';
import { TRICKY_ZONES } from '../shared/tricky-zones.test-support';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
/** The day key of a calendar date written YYYY-MM-DD. */
const key = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

const MIDNIGHT: DayStartSetting = { kind: 'player_midnight' };
const FIVE_UTC: DayStartSetting = { kind: 'utc_time', minuteOfDay: 5 * 60 };
const settings = (dayStart: DayStartSetting, missedDay: MissedDaySetting): StreakSettings => ({ dayStart, missedDay });
const BERLIN = 'Europe/Berlin';

/** Claims at each instant in turn, failing the test on a refusal; returns every claim. */
function claimAt(instants: number[], rules: StreakSettings, timeZone: string, from: LastClaim | null = null) {
  const claims: LastClaim[] = [];
  let last = from;
  for (const now of instants) {
    const result = claimDailyReward(last, now, rules, timeZone);
    if (!result.ok) throw new Error(`claim at ${new Date(now).toISOString()} refused`);
    claims.push(result.claim);
    last = result.claim;
  }
  return claims;
}

/** Noon UTC on `count` days in a row from `date`. */
const noons = (date: string, count: number) =>
  Array.from({ length: count }, (_, i) => at(`${date}T12:00:00Z`) + i * DAY);

const EVERY_RULE = [
  ['midnight, keep progress', settings(MIDNIGHT, 'keep_progress')],
  ['midnight, start over', settings(MIDNIGHT, 'start_over')],
  ['05:00 UTC, keep progress', settings(FIVE_UTC, 'keep_progress')],
  ['05:00 UTC, start over', settings(FIVE_UTC, 'start_over')],
] as const;

describe('day keys', () => {
  it('counts days from local midnight, or from a time of day in UTC', () => {
    expect(dayKeyAt(at('2026-05-04T21:59:59.999Z'), MIDNIGHT, BERLIN)).toBe(key('2026-05-04'));
    expect(dayKeyAt(at('2026-05-04T22:00:00Z'), MIDNIGHT, BERLIN)).toBe(key('2026-05-05'));
    expect(dayKeyAt(at('2026-05-04T04:59:59.999Z'), FIVE_UTC, BERLIN)).toBe(key('2026-05-03'));
    expect(dayKeyAt(at('2026-05-04T05:00:00Z'), FIVE_UTC, BERLIN)).toBe(key('2026-05-04'));
    expect(dayKeyAt(at('2026-05-04T23:59:00Z'), { kind: 'utc_time', minuteOfDay: 1439 }, 'UTC')).toBe(
      key('2026-05-04'),
    );
    expect(dayKeyAt(at('2026-05-04T23:58:59.999Z'), { kind: 'utc_time', minuteOfDay: 1439 }, 'UTC')).toBe(
      key('2026-05-03'),
    );
  });

  it('starts each day where dayKeyAt turns', () => {
    expect(dayStartAt(key('2026-05-05'), MIDNIGHT, BERLIN)).toBe(at('2026-05-04T22:00:00Z'));
    expect(dayStartAt(key('2026-05-04'), FIVE_UTC, BERLIN)).toBe(at('2026-05-04T05:00:00Z'));
    expect(dayStartAt(key('2026-05-04'), { kind: 'utc_time', minuteOfDay: 0 }, BERLIN)).toBe(
      at('2026-05-04T00:00:00Z'),
    );
  });
});

describe('a week of claims', () => {
  it.each(EVERY_RULE)('pays days 1 to 7 and then day 1 of a new cycle (%s)', (_, rules) => {
    const claims = claimAt(noons('2026-05-04', 9), rules, BERLIN);
    expect(claims.map((claim) => claim.cycleDay)).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2]);
    expect(claims.map((claim) => claim.streak)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(claims.map((claim) => claim.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(claims.map((claim) => claim.dayKey)).toEqual(noons('2026-05-04', 9).map((noon) => Math.floor(noon / DAY)));
    expect(claims[0]?.claimedAt).toBe(at('2026-05-04T12:00:00Z'));
  });

  it('starts a new player on day 1 with no streak, claimable now, the day ending at local midnight', () => {
    const now = at('2026-05-04T12:00:00Z');
    expect(dailyRewardStatus(null, now, DEFAULT_STREAK_SETTINGS, BERLIN)).toEqual({
      day: 1,
      streak: 0,
      claimable: true,
      missed: false,
      dayKey: key('2026-05-04'),
      nextClaimAt: null,
      resetsAt: at('2026-05-04T22:00:00Z'),
    });
  });

  it('shows the claimed day, the streak and when the next claim opens after a claim', () => {
    const now = at('2026-05-04T12:00:00Z');
    const [first] = claimAt([now - DAY], DEFAULT_STREAK_SETTINGS, BERLIN);
    const result = claimDailyReward(first ?? null, now, DEFAULT_STREAK_SETTINGS, BERLIN);
    expect(result).toEqual({
      ok: true,
      claim: { seq: 2, dayKey: key('2026-05-04'), cycleDay: 2, streak: 2, claimedAt: now },
      status: {
        day: 2,
        streak: 2,
        claimable: false,
        missed: false,
        dayKey: key('2026-05-04'),
        nextClaimAt: at('2026-05-04T22:00:00Z'),
        resetsAt: at('2026-05-04T22:00:00Z'),
      },
    });
  });

  it('refuses a second claim the same day, saying when the next one opens', () => {
    const [claim] = claimAt([at('2026-05-04T06:00:00Z')], DEFAULT_STREAK_SETTINGS, BERLIN);
    expect(claimDailyReward(claim ?? null, at('2026-05-04T21:59:59.999Z'), DEFAULT_STREAK_SETTINGS, BERLIN)).toEqual({
      ok: false,
      reason: 'already_claimed',
      nextClaimAt: at('2026-05-04T22:00:00Z'),
    });
    expect(claimDailyReward(claim ?? null, at('2026-05-04T22:00:00Z'), DEFAULT_STREAK_SETTINGS, BERLIN).ok).toBe(true);
  });

  it('refuses a second claim the same day when days start at 05:00 UTC, until the next 05:00', () => {
    const rules = settings(FIVE_UTC, 'keep_progress');
    const [claim] = claimAt([at('2026-05-04T05:00:00Z')], rules, BERLIN);
    const refused = claimDailyReward(claim ?? null, at('2026-05-05T04:59:59.999Z'), rules, BERLIN);
    expect(refused).toEqual({ ok: false, reason: 'already_claimed', nextClaimAt: at('2026-05-05T05:00:00Z') });
    const status = dailyRewardStatus(claim ?? null, at('2026-05-04T23:00:00Z'), rules, BERLIN);
    expect(status).toMatchObject({ day: 1, streak: 1, claimable: false, resetsAt: at('2026-05-05T05:00:00Z') });
  });

  it('counts claims at 23:59 and 00:01 local time as two days', () => {
    const claims = claimAt([at('2026-05-04T21:59:00Z'), at('2026-05-04T22:01:00Z')], DEFAULT_STREAK_SETTINGS, BERLIN);
    expect(claims.map((claim) => [claim.cycleDay, claim.streak])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // With days starting at 05:00 UTC the same two instants are one day.
    const rules = settings(FIVE_UTC, 'keep_progress');
    const [first] = claimAt([at('2026-05-04T21:59:00Z')], rules, BERLIN);
    expect(claimDailyReward(first ?? null, at('2026-05-04T22:01:00Z'), rules, BERLIN).ok).toBe(false);
  });

  it('counts 05:00 UTC and 04:59 UTC the next day as one day, and 04:59 then 05:00 as two', () => {
    const rules = settings(FIVE_UTC, 'start_over');
    const [first] = claimAt([at('2026-05-04T05:00:00Z')], rules, 'UTC');
    expect(claimDailyReward(first ?? null, at('2026-05-05T04:59:00Z'), rules, 'UTC').ok).toBe(false);
    const two = claimAt([at('2026-05-04T04:59:00Z'), at('2026-05-04T05:00:00Z')], rules, 'UTC');
    expect(two.map((claim) => claim.streak)).toEqual([1, 2]);
  });

  it('keeps a streak across New York days of 23 and 25 hours (2026)', () => {
    const zone = 'America/New_York';
    // 00:30 local each day around both changes.
    const spring = [at('2026-03-07T05:30:00Z'), at('2026-03-08T05:30:00Z'), at('2026-03-09T04:30:00Z')];
    const fall = [at('2026-10-31T04:30:00Z'), at('2026-11-01T04:30:00Z'), at('2026-11-02T05:30:00Z')];
    expect(claimAt(spring, DEFAULT_STREAK_SETTINGS, zone).map((claim) => claim.streak)).toEqual([1, 2, 3]);
    expect(claimAt(fall, DEFAULT_STREAK_SETTINGS, zone).map((claim) => claim.streak)).toEqual([1, 2, 3]);
    // 1 November has 25 hours: after a claim on it the next opens at 05:00 UTC, not 04:00.
    const [sunday] = claimAt([at('2026-11-01T04:30:00Z')], DEFAULT_STREAK_SETTINGS, zone);
    expect(
      claimDailyReward(sunday ?? null, at('2026-11-02T04:59:59.999Z'), DEFAULT_STREAK_SETTINGS, zone),
    ).toMatchObject({ ok: false, nextClaimAt: at('2026-11-02T05:00:00Z') });
  });
});

describe('a missed day', () => {
  const claimed = (rules: StreakSettings) => claimAt(noons('2026-05-04', 3), rules, BERLIN).at(-1) ?? null;
  const dayAfterGap = at('2026-05-08T12:00:00Z');

  it('keeps the next unclaimed day waiting under keep progress, and the streak starts again', () => {
    const rules = settings(MIDNIGHT, 'keep_progress');
    const last = claimed(rules);
    expect(dailyRewardStatus(last, dayAfterGap, rules, BERLIN)).toMatchObject({
      day: 4,
      streak: 0,
      claimable: true,
      missed: true,
    });
    const result = claimDailyReward(last, dayAfterGap, rules, BERLIN);
    expect(result).toMatchObject({ ok: true, claim: { cycleDay: 4, streak: 1, seq: 4 } });
    expect(result.ok && result.status).toMatchObject({ day: 4, streak: 1, missed: false, claimable: false });
  });

  it('goes back to day 1 under start over, and the streak starts again', () => {
    const rules = settings(MIDNIGHT, 'start_over');
    const last = claimed(rules);
    expect(dailyRewardStatus(last, dayAfterGap, rules, BERLIN)).toMatchObject({
      day: 1,
      streak: 0,
      claimable: true,
      missed: true,
    });
    expect(claimDailyReward(last, dayAfterGap, rules, BERLIN)).toMatchObject({
      ok: true,
      claim: { cycleDay: 1, streak: 1, seq: 4 },
    });
  });

  it.each(EVERY_RULE)('is not missed the very next day, only the day after (%s)', (_, rules) => {
    const [last] = claimAt([at('2026-05-04T12:00:00Z')], rules, BERLIN);
    expect(dailyRewardStatus(last ?? null, at('2026-05-05T12:00:00Z'), rules, BERLIN)).toMatchObject({
      missed: false,
      streak: 1,
      day: 2,
    });
    expect(dailyRewardStatus(last ?? null, at('2026-05-06T12:00:00Z'), rules, BERLIN)).toMatchObject({
      missed: true,
      streak: 0,
      day: rules.missedDay === 'start_over' ? 1 : 2,
    });
  });

  it('starts a new cycle at day 1 after a miss that follows day 7 under keep progress', () => {
    const rules = settings(MIDNIGHT, 'keep_progress');
    const week = claimAt(noons('2026-05-04', 7), rules, BERLIN);
    const status = dailyRewardStatus(week.at(-1) ?? null, at('2026-05-13T12:00:00Z'), rules, BERLIN);
    expect(status).toMatchObject({ day: 1, streak: 0, missed: true });
  });

  it('treats Apia 2011-12-30, a date that never happened there, as a missed day', () => {
    // Samoa went from 2011-12-29 to 2011-12-31. A player who claimed on the 29th could not claim on the 30th: on
    // the 31st the streak starts again at 1, and under start over so does the cycle (decided: the rules take the
    // calendar as it is).
    const zone = 'Pacific/Apia';
    const days = [at('2011-12-28T22:00:00Z'), at('2011-12-29T22:00:00Z'), at('2011-12-30T22:00:00Z')];
    for (const missedDay of ['keep_progress', 'start_over'] as const) {
      const rules = settings(MIDNIGHT, missedDay);
      const [, second] = claimAt(days.slice(0, 2), rules, zone);
      expect(second?.dayKey).toBe(key('2011-12-29'));
      const status = dailyRewardStatus(second ?? null, days[2] ?? 0, rules, zone);
      expect(status).toMatchObject({ dayKey: key('2011-12-31'), missed: true, streak: 0 });
      const result = claimDailyReward(second ?? null, days[2] ?? 0, rules, zone);
      expect(result).toMatchObject({ ok: true, claim: { streak: 1, cycleDay: missedDay === 'start_over' ? 1 : 3 } });
    }
  });
});

describe('inputs', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses a clock reading of %d', (now) => {
    expect(() => dailyRewardStatus(null, now, DEFAULT_STREAK_SETTINGS, 'UTC')).toThrow(TypeError);
    expect(() => claimDailyReward(null, now, DEFAULT_STREAK_SETTINGS, 'UTC')).toThrow(/now must be a finite number/);
    expect(() => dayKeyAt(now, FIVE_UTC, 'UTC')).toThrow(TypeError);
  });

  it.each([-1, 1440, 2.5, Number.NaN])('refuses a UTC time of day of minute %d', (minuteOfDay) => {
    const rules = settings({ kind: 'utc_time', minuteOfDay }, 'keep_progress');
    const now = at('2026-05-04T12:00:00Z');
    expect(() => dailyRewardStatus(null, now, rules, 'UTC')).toThrow(/minuteOfDay must be a whole number/);
    expect(() => claimDailyReward(null, now, rules, 'UTC')).toThrow(TypeError);
    expect(() => dayStartAt(key('2026-05-04'), rules.dayStart, 'UTC')).toThrow(TypeError);
  });

  it('accepts the first and last minute of the day', () => {
    const now = at('2026-05-04T12:00:00Z');
    for (const minuteOfDay of [0, 1439]) {
      expect(dailyRewardStatus(null, now, settings({ kind: 'utc_time', minuteOfDay }, 'start_over'), 'UTC').day).toBe(
        1,
      );
    }
  });

  it('refuses an unknown zone with a RangeError naming it', () => {
    expect(() => dailyRewardStatus(null, 0, DEFAULT_STREAK_SETTINGS, 'Mars/Phobos')).toThrow(/Mars\/Phobos/);
  });
});

describe('time-zone changes', () => {
  it('lets a hop east bring the next day at most 3 hours early, after which a hop back west has to wait', () => {
    const rules = DEFAULT_STREAK_SETTINGS;
    const t0 = at('2026-05-04T12:00:00Z');
    let zone = effectiveTimeZone(null, 'Etc/GMT+12', t0); // UTC-12: 2026-05-04 00:00
    const first = claimDailyReward(null, t0, rules, zone.timeZone);
    expect(first).toMatchObject({ ok: true, claim: { dayKey: key('2026-05-04') } });
    const claimed = first.ok ? [first.claim] : [];
    // Decision 057: UTC+14 is already 2026-05-05 02:01, 26 hours before UTC-12's; the change waits.
    zone = effectiveTimeZone(zone, 'Etc/GMT-14', t0 + MINUTE, claimed);
    expect(zone).toEqual({ timeZone: 'Etc/GMT+12', changedAt: null, changed: false });
    expect(claimDailyReward(claimed[0]!, t0 + MINUTE, rules, zone.timeZone)).toMatchObject({ ok: false });
    // Until 3 hours before UTC-12's next midnight (2026-05-05 12:00 UTC): then taken, and the day paid 3 hours early.
    const early = at('2026-05-05T09:00:00Z');
    expect(effectiveTimeZone(zone, 'Etc/GMT-14', early - 1, claimed).changed).toBe(false);
    zone = effectiveTimeZone(zone, 'Etc/GMT-14', early, claimed);
    expect(zone).toEqual({ timeZone: 'Etc/GMT-14', changedAt: early, changed: true });
    const second = claimDailyReward(claimed[0]!, early, rules, zone.timeZone); // UTC+14: 2026-05-05 23:00
    expect(second).toMatchObject({ ok: true, claim: { dayKey: key('2026-05-05'), streak: 2 } });
    // Back west after 24 hours: UTC-12 shows 2026-05-05 again, a day already claimed.
    const back = early + DAY;
    zone = effectiveTimeZone(zone, 'Etc/GMT+12', back, second.ok ? [second.claim] : []);
    expect(zone.timeZone).toBe('Etc/GMT+12');
    const refused = claimDailyReward(second.ok ? second.claim : null, back, rules, zone.timeZone);
    expect(refused).toEqual({ ok: false, reason: 'already_claimed', nextClaimAt: at('2026-05-06T12:00:00Z') });
  });

  it('takes a first zone at once when nothing is claimed, and a hop west or a small hop east at once', () => {
    const t0 = at('2026-05-04T12:00:00Z');
    const seen = effectiveTimeZone(null, 'Etc/GMT+12', t0);
    expect(effectiveTimeZone(seen, 'Etc/GMT-14', t0 + MINUTE, []).timeZone).toBe('Etc/GMT-14');
    const noon = at('2026-05-04T03:00:00Z'); // 12:00 in Tokyo
    const claimed = [{ dayKey: key('2026-05-04'), claimedAt: noon }];
    const inTokyo = effectiveTimeZone(null, 'Asia/Tokyo', noon);
    expect(effectiveTimeZone(inTokyo, 'America/Los_Angeles', noon + MINUTE, claimed).changed).toBe(true);
    expect(effectiveTimeZone(inTokyo, 'Asia/Kathmandu', noon + MINUTE, claimed).changed).toBe(true); // -3 h 15
    expect(effectiveTimeZone(inTokyo, 'Pacific/Guadalcanal', noon + MINUTE, claimed).changed).toBe(true); // +2 h
    // Tokyo to Kiritimati (+5 h): its next midnight 5 hours earlier, more than 3: waits until 21:00 Tokyo time.
    expect(effectiveTimeZone(inTokyo, 'Pacific/Kiritimati', noon + MINUTE, claimed).changed).toBe(false);
    expect(effectiveTimeZone(inTokyo, 'Pacific/Kiritimati', at('2026-05-04T12:00:00Z'), claimed).changed).toBe(true);
  });

  it('reaches floor(elapsed days) + 4 claims at most with zone changes, and that many can be reached', () => {
    // The bound: claim day keys strictly increase, and a key is floor((t + offset) / day) with offsets from -12 h
    // to +14 h, so n claims from t0 to t need floor((t - t0 + 26 h) / day) + 2 >= n, which is at most
    // floor((t - t0) / day) + 4. Here a player reaches it: first seen at UTC-12 just before local midnight, moved
    // at once to UTC+12 (a first change is allowed at once), a day later to UTC+14, then claiming every day.
    const rules = DEFAULT_STREAK_SETTINGS;
    const t0 = at('2026-05-04T11:59:59.999Z');
    let zone: PlayerTimeZone = effectiveTimeZone(null, 'Etc/GMT+12', t0);
    let last: LastClaim | null = null;
    let claims = 0;
    const attempt = (now: number, requested?: string) => {
      zone = effectiveTimeZone(zone, requested, now);
      const result = claimDailyReward(last, now, rules, zone.timeZone);
      if (result.ok) {
        last = result.claim;
        claims += 1;
      }
    };
    attempt(t0);
    attempt(t0, 'Etc/GMT-12');
    attempt(t0 + 1);
    attempt(t0 + DAY, 'Etc/GMT-14');
    const end = t0 + 10 * DAY + 22 * HOUR + 1;
    for (let now = t0 + DAY; now < end; now += HOUR) attempt(now);
    attempt(end);
    expect(Math.floor((end - t0) / DAY)).toBe(10);
    expect(claims).toBe(10 + 4);
  });

  it('reaches floor(elapsed days) + 3 claims at most in one zone with daylight saving, + 2 without', () => {
    // In New York a claim at 23:59 EST and, months later in summer, 23.5 hours past a whole number of days (an
    // hour later on the wall clock) spans one more date than the same span in a zone without daylight saving.
    const rules = DEFAULT_STREAK_SETTINGS;
    const count = (zone: string, t0: number, end: number) => {
      let last: LastClaim | null = null;
      let claims = 0;
      const hourly = Array.from({ length: Math.ceil((end - t0) / HOUR) }, (_, i) => t0 + i * HOUR);
      for (const now of [...hourly, end]) {
        const result = claimDailyReward(last, now, rules, zone);
        if (result.ok) {
          last = result.claim;
          claims += 1;
        }
      }
      return claims;
    };
    const newYork = at('2026-01-02T04:59:00Z'); // 2026-01-01 23:59 EST
    expect(count('America/New_York', newYork, newYork + 190 * DAY + 23.5 * HOUR)).toBe(190 + 3);
    const tokyo = at('2026-01-01T14:59:00Z'); // 2026-01-01 23:59 JST
    expect(count('Asia/Tokyo', tokyo, tokyo + 190 * DAY + 23.5 * HOUR)).toBe(190 + 2);
  });
});

// ---- Properties: any sequence of attempts, at any instants, under any settings, with any zone changes.

/** Zones that kept one offset over the years the properties use (2005 on). */
const FIXED_OFFSET_ZONES = ['UTC', 'Etc/GMT+12', 'Etc/GMT-14', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Asia/Tokyo'];

const dayStartArb = fc.oneof(
  fc.constant<DayStartSetting>({ kind: 'player_midnight' }),
  fc.integer({ min: 0, max: 1439 }).map((minuteOfDay): DayStartSetting => ({ kind: 'utc_time', minuteOfDay })),
);
const settingsArb = fc.record({
  dayStart: dayStartArb,
  missedDay: fc.constantFrom<MissedDaySetting>('keep_progress', 'start_over'),
});
const startArb = fc.integer({ min: at('2005-01-01T00:00:00Z'), max: at('2036-01-01T00:00:00Z') });
// Mostly steps around a day, so claims land on both sides of day boundaries; sometimes a long absence.
const advanceArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 3 * HOUR }), weight: 3 },
  { arbitrary: fc.integer({ min: 20 * HOUR, max: 28 * HOUR }), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 3 * DAY }), weight: 2 },
  { arbitrary: fc.integer({ min: 0, max: 400 * DAY }), weight: 1 },
);
const requestArb = fc.option(fc.constantFrom(...TRICKY_ZONES, 'US/Eastern', 'utc', 'Mars/Phobos'), { nil: undefined });
const attemptsArb = fc.array(fc.record({ advance: advanceArb, requested: requestArb, claim: fc.boolean() }), {
  minLength: 1,
  maxLength: 60,
});

type Step = {
  now: number;
  timeZone: string;
  before: DailyRewardStatus;
  result: DailyRewardClaim | null;
  last: LastClaim | null;
};

/** Plays a player's session: the server clock only moves forward, each request may ask for another zone. */
function play(
  rules: StreakSettings,
  start: number,
  attempts: { advance: number; requested: string | undefined; claim: boolean }[],
  fixedZone?: string,
): Step[] {
  let now = start;
  let zone: PlayerTimeZone | null = null;
  let last: LastClaim | null = null;
  const steps: Step[] = [];
  for (const attempt of attempts) {
    now += attempt.advance;
    if (fixedZone === undefined) {
      const claimed = last !== null && rules.dayStart.kind === 'player_midnight' ? [last] : [];
      zone = effectiveTimeZone(zone, attempt.requested, now, claimed);
    }
    const timeZone = fixedZone ?? zone?.timeZone ?? 'UTC';
    const before = dailyRewardStatus(last, now, rules, timeZone);
    const result: DailyRewardClaim | null = attempt.claim ? claimDailyReward(last, now, rules, timeZone) : null;
    steps.push({ now, timeZone, before, result, last });
    if (result?.ok) last = result.claim;
  }
  return steps;
}

const claimsOf = (steps: Step[]) =>
  steps.flatMap((step) => (step.result?.ok ? [{ ...step.result.claim, timeZone: step.timeZone }] : []));

describe('properties', () => {
  it('pays at most one claim per day, with strictly increasing day keys, and a streak and cycle that never skip', () => {
    fc.assert(
      fc.property(settingsArb, startArb, attemptsArb, (rules, start, attempts) => {
        const claims = claimsOf(play(rules, start, attempts));
        expect(new Set(claims.map((claim) => claim.dayKey)).size).toBe(claims.length);
        claims.forEach((claim, i) => {
          expect(claim.seq).toBe(i + 1);
          const previous = claims[i - 1];
          if (previous === undefined) {
            expect([claim.streak, claim.cycleDay]).toEqual([1, 1]);
            return;
          }
          expect(claim.dayKey).toBeGreaterThan(previous.dayKey);
          const missed = claim.dayKey > previous.dayKey + 1;
          expect(claim.streak).toBe(missed ? 1 : previous.streak + 1);
          const nextDay = (previous.cycleDay % DAILY_CYCLE_LENGTH) + 1;
          expect(claim.cycleDay).toBe(missed && rules.missedDay === 'start_over' ? 1 : nextDay);
        });
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('makes status and claim agree: claimable iff the claim succeeds, and after it not claimable until today ends', () => {
    fc.assert(
      fc.property(settingsArb, startArb, attemptsArb, (rules, start, attempts) => {
        for (const { now, before, result, last } of play(rules, start, attempts)) {
          expect(before.resetsAt).toBeGreaterThan(now);
          expect(before.missed).toBe(last !== null && before.dayKey > last.dayKey + 1);
          expect(before.streak).toBe(last === null || before.missed ? 0 : last.streak);
          if (!before.claimable) {
            expect(before.nextClaimAt).toBeGreaterThan(now);
            expect(before.day).toBe(last?.cycleDay);
          } else expect(before.nextClaimAt).toBeNull();
          if (result === null) continue;
          expect(result.ok).toBe(before.claimable);
          if (result.ok) {
            expect(result.claim).toMatchObject({ dayKey: before.dayKey, cycleDay: before.day, claimedAt: now });
            expect(result.status).toMatchObject({ claimable: false, day: before.day, dayKey: before.dayKey });
            expect(result.status.nextClaimAt).toBe(result.status.resetsAt);
            expect(result.status.streak).toBe(result.claim.streak);
          } else expect(result.nextClaimAt).toBe(before.nextClaimAt);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('cannot mint days with zone changes: n claims since the first at t0 need n <= floor((t - t0) / day) + 4', () => {
    fc.assert(
      fc.property(settingsArb, startArb, attemptsArb, (rules, start, attempts) => {
        const claims = claimsOf(play(rules, start, attempts));
        const first = claims[0];
        if (first === undefined) return;
        // The local clock (t + offset) of the day keys: what the keys can advance by.
        const clock = (claim: LastClaim & { timeZone: string }) =>
          claim.claimedAt +
          (rules.dayStart.kind === 'player_midnight'
            ? zoneOffsetMs(claim.timeZone, claim.claimedAt)
            : -rules.dayStart.minuteOfDay * MINUTE);
        claims.forEach((claim, i) => {
          const elapsedDays = Math.floor((claim.claimedAt - first.claimedAt) / DAY);
          expect(i + 1).toBeLessThanOrEqual(elapsedDays + 4);
          expect(i + 1).toBeLessThanOrEqual(Math.floor((clock(claim) - clock(first)) / DAY) + 2);
          if (rules.dayStart.kind === 'utc_time') expect(i + 1).toBeLessThanOrEqual(elapsedDays + 2);
        });
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('starts a next day at most 3 hours before the zone of the claim before it would (decision 057)', () => {
    fc.assert(
      fc.property(settingsArb, startArb, attemptsArb, (rules, start, attempts) => {
        if (rules.dayStart.kind !== 'player_midnight') return;
        const claims = claimsOf(play(rules, start, attempts));
        claims.forEach((claim, i) => {
          const previous = claims[i - 1];
          if (previous === undefined) return;
          const due = dayStartAt(previous.dayKey + 1, rules.dayStart, previous.timeZone);
          expect(claim.claimedAt).toBeGreaterThanOrEqual(due - TIME_ZONE_CHANGE_MAX_GAIN_MS);
        });
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('cannot mint days in one zone: n <= floor((t - t0) / day) + 3 with daylight saving, + 2 without', () => {
    fc.assert(
      fc.property(
        settingsArb,
        startArb,
        attemptsArb,
        fc.constantFrom(...TRICKY_ZONES, ...FIXED_OFFSET_ZONES),
        (rules, start, attempts, zone) => {
          const claims = claimsOf(play(rules, start, attempts, zone));
          const first = claims[0];
          if (first === undefined) return;
          const fixedOffset = FIXED_OFFSET_ZONES.includes(zone) || rules.dayStart.kind === 'utc_time';
          claims.forEach((claim, i) => {
            const elapsedDays = Math.floor((claim.claimedAt - first.claimedAt) / DAY);
            expect(i + 1).toBeLessThanOrEqual(elapsedDays + (fixedOffset ? 2 : 3));
          });
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('puts every instant inside its own day under either day start: dayStartAt(key) <= t < dayStartAt(key + 1)', () => {
    fc.assert(
      fc.property(
        dayStartArb,
        fc.integer({ min: at('2011-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...TRICKY_ZONES),
        (dayStart, now, zone) => {
          const dayKey = dayKeyAt(now, dayStart, zone);
          expect(dayStartAt(dayKey, dayStart, zone)).toBeLessThanOrEqual(now);
          expect(dayStartAt(dayKey + 1, dayStart, zone)).toBeGreaterThan(now);
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);
});
