import { describe, expect, it } from 'vitest';
import { draftFromRules, isSameRules, rulesFromDraft } from './day-rules-draft';

const midnight = { dayStart: { kind: 'player_midnight' as const }, missedDay: 'keep_progress' as const };
const fourThirty = { dayStart: { kind: 'utc_time' as const, minuteOfDay: 270 }, missedDay: 'start_over' as const };

describe('the day rules draft', () => {
  it('holds a fixed time as the time input does, and midnight with a time ready for the fixed choice', () => {
    expect(draftFromRules(fourThirty)).toEqual({ kind: 'utc_time', time: '04:30', missedDay: 'start_over' });
    expect(draftFromRules(midnight)).toEqual({ kind: 'player_midnight', time: '00:00', missedDay: 'keep_progress' });
  });

  it('gives the update route minutes after 00:00 UTC, and nothing while the time is not one', () => {
    expect(rulesFromDraft({ kind: 'utc_time', time: '23:59', missedDay: 'keep_progress' })).toEqual({
      dayStart: { kind: 'utc_time', minuteOfDay: 1439 },
      missedDay: 'keep_progress',
    });
    expect(rulesFromDraft({ kind: 'utc_time', time: '', missedDay: 'keep_progress' })).toBeNull();
    // A time typed and then left for midnight is not sent.
    expect(rulesFromDraft({ kind: 'player_midnight', time: '09:15', missedDay: 'start_over' })).toEqual({
      dayStart: { kind: 'player_midnight' },
      missedDay: 'start_over',
    });
  });

  it('compares what would be saved with what is stored', () => {
    expect(isSameRules(draftFromRules(fourThirty), fourThirty)).toBe(true);
    expect(isSameRules({ kind: 'utc_time', time: '04:31', missedDay: 'start_over' }, fourThirty)).toBe(false);
    expect(isSameRules({ kind: 'utc_time', time: '04:30', missedDay: 'keep_progress' }, fourThirty)).toBe(false);
    expect(isSameRules({ kind: 'player_midnight', time: '04:30', missedDay: 'keep_progress' }, midnight)).toBe(true);
    expect(isSameRules({ kind: 'utc_time', time: '00:00', missedDay: 'keep_progress' }, midnight)).toBe(false);
    expect(isSameRules({ kind: 'utc_time', time: '', missedDay: 'start_over' }, fourThirty)).toBe(false);
  });
});
