import { describe, expect, it } from 'vitest';
import { EMULATOR_MESSAGES, explainPlayInputs } from './emulator';

describe('explainPlayInputs', () => {
  it('says nothing of inputs used as typed', () => {
    expect(explainPlayInputs('0', '')).toEqual({});
    expect(explainPlayInputs('3', '')).toEqual({});
    expect(explainPlayInputs('6', '7')).toEqual({});
    expect(explainPlayInputs('12', '2')).toEqual({});
  });

  it('says a negative or blank streak is used as 0', () => {
    expect(explainPlayInputs('-3', '')).toEqual({ streak: 'Streak -3 is below 0: a streak of 0 is used.' });
    expect(explainPlayInputs('', '')).toEqual({ streak: EMULATOR_MESSAGES.streakBlank });
  });

  it('says a fractional streak is rounded down', () => {
    expect(explainPlayInputs('2.5', '')).toEqual({ streak: 'Streak 2.5 is not a whole number: 2 is used.' });
  });

  it('says a streak of a cycle or more starts the cycle again, while it decides today', () => {
    expect(explainPlayInputs('7', '').streak).toBe(
      'A streak of 7 completes the 7-day cycle, which starts again: day 1 is today.',
    );
    expect(explainPlayInputs('9', '').streak).toBe(
      'A streak of 9 runs past the 7-day cycle, which starts again: day 3 is today.',
    );
    expect(explainPlayInputs('9', '4')).toEqual({});
  });

  it('says which day a Today Index past the cycle shows', () => {
    expect(explainPlayInputs('0', '9')).toEqual({
      todayIndex: 'Today Index 9 is beyond the 7 days: day 2 of the next cycle is shown.',
    });
    expect(explainPlayInputs('0', '15').todayIndex).toBe(
      'Today Index 15 is beyond the 7 days: day 1 of the 3rd cycle is shown.',
    );
    expect(explainPlayInputs('0', '9.5').todayIndex).toBe(
      'Today Index 9.5 is not a whole number: 9 is used. Today Index 9 is beyond the 7 days: day 2 of the next cycle is shown.',
    );
  });

  it('says a Today Index below 1 is not used, and which day the streak gives', () => {
    expect(explainPlayInputs('2', '0')).toEqual({
      todayIndex: 'Today Index 0 is below 1, so it is not used: today follows the streak (day 3).',
    });
    expect(explainPlayInputs('-1', '-4')).toEqual({
      streak: 'Streak -1 is below 0: a streak of 0 is used.',
      todayIndex: 'Today Index -4 is below 1, so it is not used: today follows the streak (day 1).',
    });
  });
});
