import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  effectiveTimeZone,
  localDateKey,
  localDayStart,
  TIME_ZONE_CHANGE_MIN_INTERVAL_MS,
  zoneOffsetMs,
} from './time-zone';
import { TRICKY_ZONES } from './tricky-zones.test-support';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
/** The date key of a calendar date written YYYY-MM-DD. */
const key = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

// An oracle independent of time-zone.ts: Intl's own rendering of the local date.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function intlDateKey(instant: number, timeZone: string): number {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return key(format.format(instant));
}

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['US/Eastern', 'America/New_York'],
    ['Etc/GMT+12', 'Etc/GMT+12'],
    ['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'],
  ])('reads %j as %j', (input, expected) => {
    expect(canonicalTimeZone(input)).toBe(expected);
  });

  it.each([
    ['an unknown zone', 'Mars/Phobos'],
    ['a path', '../etc'],
    ['an empty name', ''],
    ['65 characters', `Europe/${'A'.repeat(58)}`],
    ['a space', 'Europe/Berlin '],
    ['a newline', 'Europe/Berlin\n'],
    ['an offset with a colon', '+01:00'],
    ['a backslash', 'Europe\\Berlin'],
    ['a doubled slash', 'Europe//Berlin'],
    ['a single letter', 'Z'],
  ])('refuses %s', (_, input) => {
    expect(canonicalTimeZone(input)).toBeNull();
  });

  it('looks up a name of exactly 64 allowed characters without throwing', () => {
    expect(`Europe/${'A'.repeat(57)}`).toHaveLength(64);
    expect(canonicalTimeZone(`Europe/${'A'.repeat(57)}`)).toBeNull();
  });

  it('gives the same answer a second time (from its cache)', () => {
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Phobos')).toBeNull();
  });
});

describe('zoneOffsetMs', () => {
  it.each([
    ['America/New_York', '2026-01-15T12:00:00Z', -5 * HOUR],
    ['America/New_York', '2026-07-15T12:00:00Z', -4 * HOUR],
    ['Asia/Kathmandu', '2026-05-10T00:00:00Z', 5 * HOUR + 45 * MINUTE],
    ['Pacific/Kiritimati', '2026-05-10T00:00:00Z', 14 * HOUR],
    ['Pacific/Pago_Pago', '2026-05-10T00:00:00Z', -11 * HOUR],
    ['Australia/Lord_Howe', '2026-01-15T00:00:00Z', 11 * HOUR],
    ['Australia/Lord_Howe', '2026-07-15T00:00:00Z', 10 * HOUR + 30 * MINUTE],
    ['UTC', '2026-05-10T00:00:00Z', 0],
  ])('%s at %s is %d ms', (zone, instant, offset) => {
    expect(zoneOffsetMs(zone, at(instant))).toBe(offset);
  });

  it('changes on the exact millisecond of a daylight-saving change', () => {
    const spring = at('2026-03-08T07:00:00Z');
    expect(zoneOffsetMs('America/New_York', spring - 1)).toBe(-5 * HOUR);
    expect(zoneOffsetMs('America/New_York', spring)).toBe(-4 * HOUR);
    const fall = at('2026-11-01T06:00:00Z');
    expect(zoneOffsetMs('America/New_York', fall - 1)).toBe(-4 * HOUR);
    expect(zoneOffsetMs('America/New_York', fall)).toBe(-5 * HOUR);
  });

  it('refuses an unknown zone and a non-finite instant with clear errors', () => {
    expect(() => zoneOffsetMs('Mars/Phobos', 0)).toThrow(/Unknown time zone "Mars\/Phobos"/);
    expect(() => zoneOffsetMs('UTC', Number.NaN)).toThrow(TypeError);
  });
});

describe('localDateKey and localDayStart', () => {
  it('numbers dates from 1970-01-01 as 0', () => {
    expect(localDateKey(0, 'UTC')).toBe(0);
    expect(localDateKey(-1, 'UTC')).toBe(-1);
    expect(localDayStart(0, 'UTC')).toBe(0);
    expect(localDateKey(0, 'Asia/Tokyo')).toBe(0);
    expect(localDateKey(at('1970-01-01T15:00:00Z'), 'Asia/Tokyo')).toBe(1);
  });

  it('gives New York a 23-hour day when clocks go forward and a 25-hour day when they go back (2026)', () => {
    const zone = 'America/New_York';
    expect(localDayStart(key('2026-03-08'), zone)).toBe(at('2026-03-08T05:00:00Z'));
    expect(localDayStart(key('2026-03-09'), zone)).toBe(at('2026-03-09T04:00:00Z'));
    expect(localDateKey(at('2026-03-09T03:59:59.999Z'), zone)).toBe(key('2026-03-08'));
    expect(localDateKey(at('2026-03-09T04:00:00Z'), zone)).toBe(key('2026-03-09'));
    expect(localDayStart(key('2026-11-01'), zone)).toBe(at('2026-11-01T04:00:00Z'));
    expect(localDayStart(key('2026-11-02'), zone)).toBe(at('2026-11-02T05:00:00Z'));
    expect(localDateKey(at('2026-11-02T04:30:00Z'), zone)).toBe(key('2026-11-01'));
  });

  it('follows Lord Howe Island, whose clocks change by 30 minutes (2026)', () => {
    const zone = 'Australia/Lord_Howe';
    // 5 April: 02:00 at +11 becomes 01:30 at +10:30, a day of 24.5 hours.
    expect(localDayStart(key('2026-04-05'), zone)).toBe(at('2026-04-04T13:00:00Z'));
    expect(localDayStart(key('2026-04-06'), zone)).toBe(at('2026-04-05T13:30:00Z'));
    // 4 October: 02:00 becomes 02:30, a day of 23.5 hours.
    expect(localDayStart(key('2026-10-04'), zone)).toBe(at('2026-10-03T13:30:00Z'));
    expect(localDayStart(key('2026-10-05'), zone)).toBe(at('2026-10-04T13:00:00Z'));
  });

  it.each([
    ['Asia/Kathmandu', '2026-05-09T18:15:00Z'],
    ['Pacific/Kiritimati', '2026-05-09T10:00:00Z'],
    ['Pacific/Pago_Pago', '2026-05-10T11:00:00Z'],
    ['Pacific/Chatham', '2026-05-09T11:15:00Z'],
  ])('starts 2026-05-10 in %s at %s', (zone, start) => {
    expect(localDayStart(key('2026-05-10'), zone)).toBe(at(start));
    expect(localDateKey(at(start) - 1, zone)).toBe(key('2026-05-09'));
    expect(localDateKey(at(start), zone)).toBe(key('2026-05-10'));
  });

  it('starts a date whose midnight is skipped at the change: Sao Paulo 2018-11-04, Santiago 2026-09-06', () => {
    // 00:00 at -3 became 01:00 at -2: the first instant of 4 November shows 01:00.
    expect(localDayStart(key('2018-11-04'), 'America/Sao_Paulo')).toBe(at('2018-11-04T03:00:00Z'));
    expect(localDateKey(at('2018-11-04T02:59:59.999Z'), 'America/Sao_Paulo')).toBe(key('2018-11-03'));
    expect(localDayStart(key('2018-11-05'), 'America/Sao_Paulo')).toBe(at('2018-11-05T02:00:00Z'));
    expect(localDayStart(key('2026-09-06'), 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
    expect(localDateKey(at('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe(key('2026-09-05'));
    expect(localDayStart(key('2026-09-07'), 'America/Santiago')).toBe(at('2026-09-07T03:00:00Z'));
  });

  it('finds a change inside the gap when clocks jumped over midnight: Toronto 1919-03-30 23:30 became 00:30', () => {
    // Neither 00:00 at -5 nor 00:00 at -4 existed: the date began at the change, 00:30 on the wall clock.
    const zone = 'America/Toronto';
    expect(localDayStart(key('1919-03-31'), zone)).toBe(at('1919-03-31T04:30:00Z'));
    expect(localDateKey(at('1919-03-31T04:29:59.999Z'), zone)).toBe(key('1919-03-30'));
    expect(localDateKey(at('1919-03-31T04:30:00Z'), zone)).toBe(key('1919-03-31'));
  });

  it('starts the date after a repeated last hour at the real midnight: Sao Paulo 2019-02-17, Santiago 2026-04-05', () => {
    // 24:00 on the 16th at -2 became 23:00 on the 16th at -3: the 16th had 25 hours.
    expect(localDayStart(key('2019-02-16'), 'America/Sao_Paulo')).toBe(at('2019-02-16T02:00:00Z'));
    expect(localDateKey(at('2019-02-17T02:30:00Z'), 'America/Sao_Paulo')).toBe(key('2019-02-16'));
    expect(localDayStart(key('2019-02-17'), 'America/Sao_Paulo')).toBe(at('2019-02-17T03:00:00Z'));
    expect(localDayStart(key('2026-04-04'), 'America/Santiago')).toBe(at('2026-04-04T03:00:00Z'));
    expect(localDayStart(key('2026-04-05'), 'America/Santiago')).toBe(at('2026-04-05T04:00:00Z'));
  });

  it('starts a date the clock went back out of at its second midnight: St Johns 1988-10-30', () => {
    // At 00:01 on the 30th (-1:30) clocks went back two hours to 22:01 on the 29th (-3:30). The 30th showed for
    // one minute, then the 29th again; the 30th begins for good at its second midnight. During that one minute
    // the date is the 30th although its day has not begun: dayStart <= t fails there, and only there.
    const zone = 'America/St_Johns';
    expect(localDateKey(at('1988-10-30T01:30:30Z'), zone)).toBe(key('1988-10-30'));
    expect(localDateKey(at('1988-10-30T01:31:00Z'), zone)).toBe(key('1988-10-29'));
    expect(localDayStart(key('1988-10-30'), zone)).toBe(at('1988-10-30T03:30:00Z'));
    expect(localDateKey(at('1988-10-30T03:29:59.999Z'), zone)).toBe(key('1988-10-29'));
  });

  it('never shows Apia 2011-12-30, which begins when 2011-12-31 does', () => {
    // Samoa moved across the date line: 2011-12-29 24:00 at -10 was followed by 2011-12-31 00:00 at +14.
    const zone = 'Pacific/Apia';
    const change = at('2011-12-30T10:00:00Z');
    expect(localDateKey(change - 1, zone)).toBe(key('2011-12-29'));
    expect(localDateKey(change, zone)).toBe(key('2011-12-31'));
    expect(localDayStart(key('2011-12-29'), zone)).toBe(at('2011-12-29T10:00:00Z'));
    expect(localDayStart(key('2011-12-30'), zone)).toBe(change);
    expect(localDayStart(key('2011-12-31'), zone)).toBe(change);
    expect(localDayStart(key('2012-01-01'), zone)).toBe(at('2011-12-31T10:00:00Z'));
  });

  it('refuses a date key that is not a whole number', () => {
    expect(() => localDayStart(1.5, 'UTC')).toThrow(TypeError);
  });

  it('reads the same local date as Intl for any instant and zone (1970 to 2040)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('1970-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...TRICKY_ZONES),
        (instant, zone) => {
          expect(localDateKey(instant, zone)).toBe(intlDateKey(instant, zone));
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('starts each date on the exact millisecond where that date (or a later one) first shows for good', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: key('1970-01-01'), max: key('2040-01-01') }),
        fc.constantFrom(...TRICKY_ZONES),
        (dateKey, zone) => {
          const start = localDayStart(dateKey, zone);
          expect(intlDateKey(start - 1, zone)).toBeLessThan(dateKey);
          expect(intlDateKey(start, zone)).toBeGreaterThanOrEqual(dateKey);
          // The day it begins runs on: an hour and a half later (past any fall-back) it is still that day or later.
          expect(intlDateKey(start + 90 * MINUTE, zone)).toBeGreaterThanOrEqual(dateKey);
          // The next date begins later, unless this one is never shown (Apia 2011-12-30): then both begin together.
          const next = localDayStart(dateKey + 1, zone);
          if (intlDateKey(start, zone) === dateKey) expect(next).toBeGreaterThan(start);
          else expect(next).toBe(start);
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('puts every instant inside its own day: dayStart(key(t)) <= t < dayStart(key(t) + 1), 2011 to 2040', () => {
    // From 2011: until 2010 St Johns fell back across midnight, where the first half cannot hold (see above).
    fc.assert(
      fc.property(
        fc.integer({ min: at('2011-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...TRICKY_ZONES),
        (instant, zone) => {
          const dateKey = localDateKey(instant, zone);
          expect(localDayStart(dateKey, zone)).toBeLessThanOrEqual(instant);
          expect(localDayStart(dateKey + 1, zone)).toBeGreaterThan(instant);
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('puts every minute of the hours around a change (daylight saving, the Apia jump) inside its own day', () => {
    const changes: [string, string][] = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['America/Santiago', '2026-04-05T03:00:00Z'],
      ['America/Santiago', '2026-09-06T04:00:00Z'],
      ['Pacific/Apia', '2011-12-30T10:00:00Z'],
      ['America/Sao_Paulo', '2018-11-04T03:00:00Z'],
      ['America/Sao_Paulo', '2019-02-17T02:00:00Z'],
    ];
    for (const [zone, change] of changes) {
      for (let instant = at(change) - 3 * HOUR; instant <= at(change) + 3 * HOUR; instant += MINUTE) {
        for (const t of [instant - 1, instant]) {
          const dateKey = localDateKey(t, zone);
          expect(dateKey).toBe(intlDateKey(t, zone));
          expect(localDayStart(dateKey, zone)).toBeLessThanOrEqual(t);
          expect(localDayStart(dateKey + 1, zone)).toBeGreaterThan(t);
        }
      }
    }
  });
});

describe('effectiveTimeZone', () => {
  const now = at('2026-05-10T12:00:00Z');

  it('takes the requested zone, canonical, on first sight, with no change time', () => {
    expect(effectiveTimeZone(null, 'US/Eastern', now)).toEqual({
      timeZone: 'America/New_York',
      changedAt: null,
      changed: true,
    });
  });

  it.each([
    ['none', undefined],
    ['an unknown one', 'Mars/Phobos'],
    ['a malformed one', '../etc'],
  ])('takes UTC on first sight when the request names %s', (_, requested) => {
    expect(effectiveTimeZone(null, requested, now)).toEqual({ timeZone: 'UTC', changedAt: null, changed: true });
  });

  it('lets the first change after first sight through at once, then no other for 24 hours', () => {
    const first = effectiveTimeZone(null, 'UTC', now);
    const moved = effectiveTimeZone(first, 'Europe/Berlin', now + 1);
    expect(moved).toEqual({ timeZone: 'Europe/Berlin', changedAt: now + 1, changed: true });
    const tooSoon = effectiveTimeZone(moved, 'Asia/Tokyo', now + 1 + TIME_ZONE_CHANGE_MIN_INTERVAL_MS - 1);
    expect(tooSoon).toEqual({ timeZone: 'Europe/Berlin', changedAt: now + 1, changed: false });
    const later = effectiveTimeZone(moved, 'Asia/Tokyo', now + 1 + TIME_ZONE_CHANGE_MIN_INTERVAL_MS);
    expect(later).toEqual({
      timeZone: 'Asia/Tokyo',
      changedAt: now + 1 + TIME_ZONE_CHANGE_MIN_INTERVAL_MS,
      changed: true,
    });
  });

  it.each([
    ['the same zone', 'America/New_York'],
    ['another name of the same zone', 'US/Eastern'],
    ['no zone', undefined],
    ['an unknown zone', 'Mars/Phobos'],
  ])('keeps the current zone and its change time when the request names %s', (_, requested) => {
    const current = { timeZone: 'America/New_York', changedAt: now - 7 * DAY };
    expect(effectiveTimeZone(current, requested, now)).toEqual({ ...current, changed: false });
  });

  it('refuses a non-finite clock', () => {
    expect(() => effectiveTimeZone(null, 'UTC', Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});
