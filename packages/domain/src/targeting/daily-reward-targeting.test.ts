import { describe, expect, it } from 'vitest';
import {
  DailyRewardTargetingInputSchema,
  endInPastProblem,
  segmentInUseMessage,
  TARGETING_MESSAGES,
} from './daily-reward-targeting';
import { NOW } from './targeting.test-support';

describe('DailyRewardTargetingInputSchema', () => {
  const valid = { segmentId: 'seg-1', startsAt: '2026-12-20T00:00:00Z', endsAt: '2027-01-01T00:00:00Z', priority: 5 };
  const messageOf = (input: unknown) => DailyRewardTargetingInputSchema.safeParse(input).error?.issues[0]?.message;

  it('takes a whole targeting, storing instants as UTC', () => {
    expect(DailyRewardTargetingInputSchema.parse(valid)).toEqual({
      ...valid,
      startsAt: '2026-12-20T00:00:00.000Z',
      endsAt: '2027-01-01T00:00:00.000Z',
    });
    expect(
      DailyRewardTargetingInputSchema.parse({ segmentId: null, startsAt: null, endsAt: null, priority: 0 }),
    ).toEqual({ segmentId: null, startsAt: null, endsAt: null, priority: 0 });
  });

  it('refuses an inverted or empty schedule', () => {
    expect(messageOf({ ...valid, endsAt: valid.startsAt })).toBe(TARGETING_MESSAGES.inverted);
    expect(messageOf({ ...valid, startsAt: '2027-01-02T00:00:00Z' })).toBe(TARGETING_MESSAGES.inverted);
  });

  it('refuses instants without a zone, out of range or not dates', () => {
    expect(messageOf({ ...valid, startsAt: '2026-12-20T00:00:00' })).toBe(TARGETING_MESSAGES.instantInvalid);
    expect(messageOf({ ...valid, startsAt: '1999-12-31T23:59:59Z' })).toBe(TARGETING_MESSAGES.instantInvalid);
    expect(messageOf({ ...valid, endsAt: '2100-01-01T00:00:01Z' })).toBe(TARGETING_MESSAGES.instantInvalid);
    expect(messageOf({ ...valid, endsAt: 'next tuesday' })).toBe(TARGETING_MESSAGES.instantInvalid);
    expect(messageOf({ ...valid, endsAt: 1_800_000_000_000 })).toBe(TARGETING_MESSAGES.instantInvalid);
  });

  it('refuses a priority that is not a whole number within bounds', () => {
    for (const priority of [1.5, 1001, -1001, '3', null]) {
      expect(messageOf({ ...valid, priority })).toBe(TARGETING_MESSAGES.priorityInvalid);
    }
  });

  it('refuses a segment id that is not an id, and fields it does not know', () => {
    for (const segmentId of ['', 'a b', 'x'.repeat(129), 7]) {
      expect(messageOf({ ...valid, segmentId })).toBe(TARGETING_MESSAGES.segmentIdInvalid);
    }
    expect(DailyRewardTargetingInputSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(DailyRewardTargetingInputSchema.safeParse({ priority: 0 }).success).toBe(false);
  });
});

describe('endInPastProblem', () => {
  it('refuses a new end at or before now, and keeps an end already stored', () => {
    expect(endInPastProblem('2026-11-27T12:00:00.000Z', NOW, null)).toBe(TARGETING_MESSAGES.endInPast);
    expect(endInPastProblem('2026-11-27T12:00:00.001Z', NOW, null)).toBeNull();
    expect(endInPastProblem('2026-11-01T00:00:00.000Z', NOW, '2026-11-01T00:00:00.000Z')).toBeNull();
    expect(endInPastProblem(null, NOW, '2026-11-01T00:00:00.000Z')).toBeNull();
  });
});

describe('segmentInUseMessage', () => {
  it('names every config that targets the segment', () => {
    expect(segmentInUseMessage(['Payers Week'])).toBe(
      'This segment is targeted by daily reward "Payers Week". Target it at another segment or at every player first.',
    );
    expect(segmentInUseMessage(['A', 'B'])).toContain('2 daily rewards "A", "B"');
  });
});
