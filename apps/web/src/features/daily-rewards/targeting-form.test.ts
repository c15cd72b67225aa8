import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGETING, TARGETING_MESSAGES, type DailyRewardTargeting } from '@liveops/domain/targeting';
import { formValuesOf, isoOfLocalInput, localInputOf, targetingFormSchema } from './targeting-form';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const stored: DailyRewardTargeting = DEFAULT_TARGETING;
const parse = (values: Partial<ReturnType<typeof formValuesOf>>, from: DailyRewardTargeting = stored) =>
  targetingFormSchema(from, () => NOW).safeParse({ ...formValuesOf(from), ...values });
const issues = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('targeting form', () => {
  it('reads a datetime-local value as local time and writes it back the same', () => {
    const iso = isoOfLocalInput('2026-12-20T09:30');
    expect(iso).toBe(new Date(2026, 11, 20, 9, 30).toISOString());
    expect(localInputOf(iso)).toBe('2026-12-20T09:30');
    expect(isoOfLocalInput('2026-02-31T00:00')).toBeNull();
    expect(isoOfLocalInput('20/12/2026')).toBeNull();
    expect(localInputOf(null)).toBe('');
  });

  it('turns the inputs into what the route takes: every player, local times as UTC, a whole priority', () => {
    const result = parse({
      segmentId: 'seg-1',
      startsAt: '2026-12-20T00:00',
      endsAt: '2027-01-01T00:00',
      priority: '7',
    });
    expect(result.success && result.data).toEqual({
      segmentId: 'seg-1',
      startsAt: new Date(2026, 11, 20).toISOString(),
      endsAt: new Date(2027, 0, 1).toISOString(),
      priority: 7,
    });
    expect(parse({}).success && parse({}).data).toEqual(DEFAULT_TARGETING);
  });

  it('keeps an untouched stored instant to the millisecond, and a stored end already past', () => {
    const past: DailyRewardTargeting = {
      ...stored,
      startsAt: '2026-01-01T00:00:07.250Z',
      endsAt: '2026-02-01T00:00:00.000Z',
    };
    const result = parse({ priority: '3' }, past);
    expect(result.success && result.data).toEqual({ ...past, priority: 3 });
  });

  it('says what is wrong, on the field it is about', () => {
    expect(issues(parse({ startsAt: '2027-01-02T00:00', endsAt: '2027-01-01T00:00' }))).toEqual([
      ['endsAt', TARGETING_MESSAGES.inverted],
    ]);
    expect(issues(parse({ endsAt: '2026-11-01T00:00' }))).toEqual([['endsAt', TARGETING_MESSAGES.endInPast]]);
    expect(issues(parse({ priority: '1.5' }))).toEqual([['priority', TARGETING_MESSAGES.priorityInvalid]]);
    expect(issues(parse({ priority: '' }))).toEqual([['priority', TARGETING_MESSAGES.priorityInvalid]]);
    expect(issues(parse({ priority: '5000' }))).toEqual([['priority', TARGETING_MESSAGES.priorityInvalid]]);
    expect(issues(parse({ startsAt: '2026-13-01T00:00' }))).toEqual([['startsAt', TARGETING_MESSAGES.dateInvalid]]);
    expect(issues(parse({ startsAt: '1990-01-01T00:00' }))).toEqual([['startsAt', TARGETING_MESSAGES.instantInvalid]]);
  });
});
