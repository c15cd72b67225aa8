import { describe, expect, it } from 'vitest';
import { todayOfCycle } from '@liveops/domain/daily-rewards';
import { INITIAL_PLAY_CYCLE, playCycle, playCycleParams, type PlayCycleState } from './play-cycle';

const today = (state: PlayCycleState) => todayOfCycle(playCycleParams(state));

describe('playCycle', () => {
  it('starts with streak 0 and a blank Today Index, so day 1 is today', () => {
    expect(playCycleParams(INITIAL_PLAY_CYCLE)).toEqual({ streak: 0 });
    expect(today(INITIAL_PLAY_CYCLE)).toBe(1);
  });

  it('claims by adding one to the streak, so the next day becomes today', () => {
    const state = playCycle({ streak: '3', todayIndex: '' }, { type: 'claim' });
    expect(state).toEqual({ streak: '4', todayIndex: '' });
    expect(today(state)).toBe(5);
  });

  it('starts the next cycle at day 1 after claiming day 7', () => {
    const state = playCycle({ streak: '6', todayIndex: '' }, { type: 'claim' });
    expect(today(state)).toBe(1);
  });

  it('treats a non-numeric or negative streak as 0 before claiming', () => {
    expect(playCycle({ streak: 'abc', todayIndex: '' }, { type: 'claim' }).streak).toBe('1');
    expect(playCycle({ streak: '-4', todayIndex: '' }, { type: 'claim' }).streak).toBe('1');
    expect(playCycleParams({ streak: '', todayIndex: '' })).toEqual({ streak: 0 });
  });

  it('breaks the streak when a day passes without a claim', () => {
    const state = playCycle({ streak: '5', todayIndex: '' }, { type: 'nextDay' });
    expect(state).toEqual({ streak: '0', todayIndex: '' });
    expect(today(state)).toBe(1);
  });

  it('moves a given Today Index one day on with Claim and Next day, wrapping 7 to 1', () => {
    expect(playCycle({ streak: '0', todayIndex: '3' }, { type: 'claim' })).toEqual({ streak: '1', todayIndex: '4' });
    expect(playCycle({ streak: '2', todayIndex: '7' }, { type: 'claim' })).toEqual({ streak: '3', todayIndex: '1' });
    expect(playCycle({ streak: '2', todayIndex: '9' }, { type: 'nextDay' })).toEqual({ streak: '0', todayIndex: '3' });
  });

  it('drops a Today Index of 0 or less when a day passes, and never uses it', () => {
    const state = playCycle({ streak: '1', todayIndex: '0' }, { type: 'claim' });
    expect(state.todayIndex).toBe('');
    expect(playCycleParams({ streak: '2', todayIndex: '0' })).toEqual({ streak: 2 });
    expect(playCycleParams({ streak: '2', todayIndex: '4' })).toEqual({ streak: 2, todayIndex: 4 });
  });

  it('resets to streak 0 with a blank Today Index', () => {
    expect(playCycle({ streak: '9', todayIndex: '5' }, { type: 'reset' })).toEqual(INITIAL_PLAY_CYCLE);
  });

  it('keeps what is typed in the inputs as typed', () => {
    const typed = playCycle(playCycle(INITIAL_PLAY_CYCLE, { type: 'setStreak', value: '12' }), {
      type: 'setTodayIndex',
      value: '',
    });
    expect(typed).toEqual({ streak: '12', todayIndex: '' });
  });
});
