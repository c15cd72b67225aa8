import { describe, expect, it } from 'vitest';
import { dayState, dayStates, parseStreak, parseTodayIndex, readDailyRewardsParams, todayOfCycle } from './day-state';

describe('streak and today index inputs', () => {
  it.each([
    ['3', 3],
    [3, 3],
    ['2.9', 2],
    ['abc', 0],
    ['', 0],
    [-4, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
  ])('reads streak %j as %j', (input, expected) => {
    expect(parseStreak(input)).toBe(expected);
  });

  it.each([
    ['', undefined],
    ['  ', undefined],
    [null, undefined],
    [undefined, undefined],
    ['0', undefined],
    [0, undefined],
    [-1, undefined],
    ['x', undefined],
    ['0.5', undefined],
    ['1', 1],
    [4, 4],
    ['5.7', 5],
  ])('reads today index %j as %j', (input, expected) => {
    expect(parseTodayIndex(input)).toBe(expected);
  });
});

describe('readDailyRewardsParams', () => {
  it('reads both inputs as parseStreak and parseTodayIndex do, leaving todayIndex out when not given', () => {
    expect(readDailyRewardsParams('2', null)).toEqual({ streak: 2 });
    expect(readDailyRewardsParams('x', '')).toEqual({ streak: 0 });
    expect(readDailyRewardsParams(undefined, '8.9')).toEqual({ streak: 0, todayIndex: 8 });
    expect(readDailyRewardsParams(3, 0)).toEqual({ streak: 3 });
    expect(Object.keys(readDailyRewardsParams(1, undefined))).toEqual(['streak']);
  });
});

describe('day states', () => {
  it('makes the day after the streak today, the days before it claimed', () => {
    expect(dayStates({ streak: 0 })).toEqual(['today', ...Array(6).fill('upcoming')]);
    expect(dayStates({ streak: 3 })).toEqual([
      'claimed',
      'claimed',
      'claimed',
      'today',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(dayStates({ streak: 6 })).toEqual([...Array(6).fill('claimed'), 'today']);
  });

  it('starts a new cycle after a whole week', () => {
    expect(todayOfCycle({ streak: 7 })).toBe(1);
    expect(todayOfCycle({ streak: 10 })).toBe(4);
    expect(dayStates({ streak: 14 })).toEqual(dayStates({ streak: 0 }));
  });

  it('lets a given today index decide over the streak', () => {
    expect(dayStates({ streak: 0, todayIndex: 5 })).toEqual([
      'claimed',
      'claimed',
      'claimed',
      'claimed',
      'today',
      'upcoming',
      'upcoming',
    ]);
    expect(dayState(5, { streak: 1, todayIndex: 5 })).toBe('today');
    expect(todayOfCycle({ streak: 2, todayIndex: 8 })).toBe(1);
  });

  it('ignores a today index that is not above 0', () => {
    expect(todayOfCycle({ streak: 2, todayIndex: 0 })).toBe(3);
    expect(todayOfCycle({ streak: 2, todayIndex: -3 })).toBe(3);
  });

  it('follows a shorter cycle, and treats an invalid one as 7', () => {
    expect(dayStates({ streak: 4 }, 3)).toEqual(['claimed', 'today', 'upcoming']);
    expect(dayStates({ streak: 1 }, 1e9)).toHaveLength(7);
  });
});
