/**
 * A player's time zone, read through Intl (Node's full ICU and its tz database): whether a name is a zone, the
 * zone's offset at an instant, the local date at an instant, and when a local date begins. Instants are epoch
 * milliseconds; a date key is a local calendar date as days since 1970-01-01 (1970-01-01 is 0).
 */

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The span of instants a Date (and so Intl) accepts. */
const INSTANT_LIMIT_MS = 8.64e15;

export const TIME_ZONE_MAX_LENGTH = 64;
/** A time zone may not change more often than this (see effectiveTimeZone). */
export const TIME_ZONE_CHANGE_MIN_INTERVAL_MS = 24 * 3600 * 1000;

// IANA names are letters, digits and _ + - /; anything else (dots, spaces, colons) is refused before Intl sees it.
const TIME_ZONE_PATTERN = /^[A-Za-z0-9_+\-/]+$/;

/** Bounded so that a flood of distinct names (every case variant of a zone is valid) cannot grow memory. */
const NAME_CACHE_MAX = 1024;
const canonicalNames = new Map<string, string>();

/**
 * The IANA zone `input` names, as Intl spells it canonically (resolvedOptions().timeZone: 'utc' and 'Etc/UTC' are
 * 'UTC', 'US/Eastern' is 'America/New_York'); null for anything Intl does not know, an empty name, more than 64
 * characters, or a character outside [A-Za-z0-9_+\-/].
 */
export function canonicalTimeZone(input: string): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > TIME_ZONE_MAX_LENGTH) return null;
  if (!TIME_ZONE_PATTERN.test(input)) return null;
  const known = canonicalNames.get(input);
  if (known !== undefined) return known;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: input }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (canonicalNames.size >= NAME_CACHE_MAX) canonicalNames.clear();
  canonicalNames.set(input, canonical);
  return canonical;
}

/**
 * Offsets are cached per zone and per UTC hour: an hour holds either one offset, or (in the hour of a change) the
 * instant of the change with the offsets before and after it. This assumes a zone never changes its offset twice
 * within one hour, which no zone of the tz database does. Reading an offset is then one Map lookup; only the first
 * read of an hour asks Intl (twice, plus a binary search of about 12 steps in an hour that holds a change).
 */
type HourOffsets = number | { changesAt: number; before: number; after: number };
type ZoneOffsets = { format: Intl.DateTimeFormat; hours: Map<number, HourOffsets> };

const ZONE_CACHE_MAX = 1024;
const HOURS_PER_ZONE_MAX = 16_384;
const zones = new Map<string, ZoneOffsets>();

function zoneOffsets(timeZone: string): ZoneOffsets {
  const cached = zones.get(timeZone);
  if (cached) return cached;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new RangeError(
      `Unknown time zone ${JSON.stringify(timeZone)}: expected an IANA name such as "Europe/Berlin".`,
    );
  }
  if (zones.size >= ZONE_CACHE_MAX) zones.clear();
  const entry: ZoneOffsets = { format, hours: new Map() };
  zones.set(timeZone, entry);
  return entry;
}

/** Days from 1970-01-01 to a proleptic Gregorian date, for any year (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The offset at an instant straight from Intl, which shows local time to the second. */
function offsetFromIntl(format: Intl.DateTimeFormat, instant: number): number {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let beforeCommonEra = false;
  for (const part of format.formatToParts(instant)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      case 'era':
        beforeCommonEra = part.value === 'BC' || part.value === 'B';
        break;
      default:
        break;
    }
  }
  if (beforeCommonEra) year = 1 - year;
  const local = daysFromCivil(year, month, day) * DAY_MS + hour * HOUR_MS + minute * 60_000 + second * SECOND_MS;
  return local - Math.floor(instant / SECOND_MS) * SECOND_MS;
}

function hourOffsets(format: Intl.DateTimeFormat, hour: number): HourOffsets {
  const start = Math.max(hour * HOUR_MS, -INSTANT_LIMIT_MS);
  const last = Math.min(hour * HOUR_MS + HOUR_MS - SECOND_MS, INSTANT_LIMIT_MS);
  const before = offsetFromIntl(format, start);
  const after = offsetFromIntl(format, last);
  if (before === after) return before;
  // Offsets change on a whole second: find the first second with the new offset.
  let low = start;
  let high = last;
  while (high - low > SECOND_MS) {
    const middle = low + Math.floor((high - low) / (2 * SECOND_MS)) * SECOND_MS;
    if (offsetFromIntl(format, middle) === before) low = middle;
    else high = middle;
  }
  return { changesAt: high, before, after };
}

function assertInstant(instant: number, name: string): void {
  if (typeof instant !== 'number' || !Number.isFinite(instant)) {
    throw new TypeError(`${name} must be a finite number of epoch milliseconds, got ${String(instant)}.`);
  }
}

/** Local time minus UTC, in milliseconds, in `timeZone` at `instant` (New York in winter: -5 h). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  assertInstant(instant, 'instant');
  const zone = zoneOffsets(timeZone);
  const hour = Math.floor(instant / HOUR_MS);
  let offsets = zone.hours.get(hour);
  if (offsets === undefined) {
    offsets = hourOffsets(zone.format, hour);
    if (zone.hours.size >= HOURS_PER_ZONE_MAX) zone.hours.clear();
    zone.hours.set(hour, offsets);
  }
  if (typeof offsets === 'number') return offsets;
  return instant < offsets.changesAt ? offsets.before : offsets.after;
}

/** The local calendar date in `timeZone` at `instant`, as days since 1970-01-01. */
export function localDateKey(instant: number, timeZone: string): number {
  return Math.floor((instant + zoneOffsetMs(timeZone, instant)) / DAY_MS);
}

/** Local midnight at `offset`, if the zone has that offset then and the date just before it is earlier. */
function beginsAt(midnight: number, offset: number, timeZone: string): number | null {
  const instant = midnight - offset;
  if (zoneOffsetMs(timeZone, instant) !== offset) return null;
  const dateBefore = Math.floor((instant - 1 + zoneOffsetMs(timeZone, instant - 1)) / DAY_MS);
  return dateBefore < Math.floor(midnight / DAY_MS) ? instant : null;
}

/**
 * When the local date `dateKey` begins in `timeZone`: the first instant from which the local date is `dateKey` or
 * later for good. Normally that is local 00:00. Where a change skips midnight (America/Sao_Paulo 2018-11-04,
 * America/Santiago each September: 00:00 becomes 01:00) it is the instant of the change, the first one
 * showing that date. Where a change repeats the end of the day before (Sao Paulo 2019-02-17: 24:00 becomes 23:00)
 * it is the real 00:00 after the repeated hour. Where a change takes the date back (America/St_Johns until 2010 fell
 * back at 00:01 to 23:01) it is the second 00:00, from which the date stays. Where a date is skipped altogether
 * (Pacific/Apia went from 2011-12-29 straight to 2011-12-31) the skipped date begins when the next one does.
 *
 * Guess and verify: local midnight is `dateKey` days minus the offset in force then; the two offsets in force a
 * day either side are the only candidates (no zone changes its offset twice within two days), and a candidate
 * holds if the zone has that offset at that instant and the date just before it is earlier. With two, the later
 * one (the date went back in between). With none, midnight falls in a gap; a binary search to the millisecond
 * between the two guesses finds the change, the first instant whose local time is past midnight.
 */
export function localDayStart(dateKey: number, timeZone: string): number {
  if (!Number.isSafeInteger(dateKey)) {
    throw new TypeError(`dateKey must be a whole number of days since 1970-01-01, got ${String(dateKey)}.`);
  }
  const midnight = dateKey * DAY_MS;
  const offsetBefore = zoneOffsetMs(timeZone, midnight - DAY_MS);
  const offsetAfter = zoneOffsetMs(timeZone, midnight + DAY_MS);
  const later = beginsAt(midnight, Math.min(offsetBefore, offsetAfter), timeZone);
  if (later !== null) return later;
  const earlier =
    offsetAfter === offsetBefore ? null : beginsAt(midnight, Math.max(offsetBefore, offsetAfter), timeZone);
  if (earlier !== null) return earlier;
  let low = Math.min(midnight - offsetBefore, midnight - offsetAfter);
  let high = Math.max(midnight - offsetBefore, midnight - offsetAfter);
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (middle + zoneOffsetMs(timeZone, middle) >= midnight) high = middle;
    else low = middle;
  }
  return high;
}

export type PlayerTimeZone = { timeZone: string; changedAt: number | null };

/**
 * The most a zone change may bring the start of a player's next day forward (decision 057): "a
 * few hours early, once". A change that would bring it further waits until it no longer does.
 */
export const TIME_ZONE_CHANGE_MAX_GAIN_MS = 3 * HOUR_MS;

/** A claim of a day counted from the player's midnight: its date key and when it was made. */
export type ClaimedDate = { dayKey: number; claimedAt: number };

/**
 * A player's time zone after a session asks for `requested` at `now`. On first sight (no current zone) the
 * requested zone is taken, canonical, or 'UTC' when none or unknown is given; changedAt is null, so the first
 * change after it is allowed at once (a player first seen without a zone can set the real one), and `changed` is
 * true: there was no zone before. After that a different zone replaces the current one only when the last change
 * is at least TIME_ZONE_CHANGE_MIN_INTERVAL_MS old, and then changedAt is now; a zone equal to the current one, an
 * unknown one or none leaves the current zone as it is (changed false).
 *
 * `claims` are the player's last claims of the daily rewards counted from their midnight. A change waits (the
 * current zone stays, unchanged) while it would start the day after one claimed in the current zone more than
 * TIME_ZONE_CHANGE_MAX_GAIN_MS earlier than the current zone starts it: a hop from UTC-12 to UTC+14 right after a
 * claim would start the next day 26 hours early. It is taken as soon as that is no longer so (at the latest that
 * many hours before the current zone's next day begins). Claim day keys strictly increase whatever the zone (see
 * daily-streak.ts), so hops cannot mint days over time; these two limits keep a hop from paying early by more than
 * a few hours.
 */
export function effectiveTimeZone(
  current: PlayerTimeZone | null,
  requested: string | undefined,
  now: number,
  claims: readonly ClaimedDate[] = [],
): PlayerTimeZone & { changed: boolean } {
  assertInstant(now, 'now');
  const wanted = requested === undefined ? null : canonicalTimeZone(requested);
  if (current === null) return { timeZone: wanted ?? 'UTC', changedAt: null, changed: true };
  const unchanged = { timeZone: current.timeZone, changedAt: current.changedAt, changed: false };
  if (wanted === null || wanted === current.timeZone || wanted === canonicalTimeZone(current.timeZone)) {
    return unchanged;
  }
  if (current.changedAt !== null && now - current.changedAt < TIME_ZONE_CHANGE_MIN_INTERVAL_MS) return unchanged;
  for (const claim of claims) {
    // Claims made before the current zone was taken were bounded when it was.
    if (current.changedAt !== null && claim.claimedAt < current.changedAt) continue;
    const nextHere = localDayStart(claim.dayKey + 1, current.timeZone);
    if (now >= nextHere - TIME_ZONE_CHANGE_MAX_GAIN_MS) continue;
    if (localDayStart(claim.dayKey + 1, wanted) < nextHere - TIME_ZONE_CHANGE_MAX_GAIN_MS) return unchanged;
  }
  return { timeZone: wanted, changedAt: now, changed: true };
}
