import { describe, expect, it } from 'vitest';
import {
  CreateDailyRewardInputSchema,
  DAILY_REWARD_MESSAGES,
  DailyRewardNameSchema,
  DailyRewardRewardsSchema,
  defaultDailyRewardName,
  missingDays,
  minuteOfDayOfTime,
  missingDaysMessage,
  timeOfMinuteOfDay,
  UpdateDailyRewardInputSchema,
} from './daily-reward';
import { TEXT_MESSAGES } from '../shared/text';

const week = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: `pack-${i + 1}` }));
const first = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('daily reward names', () => {
  it('keeps the spec’s texts to the letter', () => {
    expect(DAILY_REWARD_MESSAGES.nameEmpty).toBe('Name cannot be empty.');
    expect(DAILY_REWARD_MESSAGES.nameTooLong).toBe('Keep the name under 60 characters.');
    expect(DAILY_REWARD_MESSAGES.renameFailed).toBe('Unable to update name. Try again.');
    expect(DAILY_REWARD_MESSAGES.saved).toBe('✅ Daily reward saved successfully!');
    expect(DAILY_REWARD_MESSAGES.saveFailed).toBe('❌ Failed to save. Please try again.');
    expect(DAILY_REWARD_MESSAGES.deleteConfirm).toBe('Are you sure you want to delete this daily reward?');
  });

  it('trims, and refuses empty, invisible, too long and control-character names', () => {
    expect(DailyRewardNameSchema.parse('  Week one  ')).toBe('Week one');
    expect(DailyRewardNameSchema.parse('x'.repeat(60))).toHaveLength(60);
    expect(first(DailyRewardNameSchema, '')).toBe(DAILY_REWARD_MESSAGES.nameEmpty);
    expect(first(DailyRewardNameSchema, '\u200b\u200c')).toBe(DAILY_REWARD_MESSAGES.nameEmpty);
    expect(first(DailyRewardNameSchema, 'x'.repeat(61))).toBe(DAILY_REWARD_MESSAGES.nameTooLong);
    expect(first(DailyRewardNameSchema, 'a\u0000b')).toBe(TEXT_MESSAGES.controlCharacters);
    expect(first(DailyRewardNameSchema, 5)).toBe(DAILY_REWARD_MESSAGES.nameEmpty);
  });

  it('names a new config one past the highest "Daily Reward N", so no name repeats after a deletion', () => {
    expect(defaultDailyRewardName([])).toBe('Daily Reward 1');
    expect(defaultDailyRewardName(['Daily Reward 2', 'Weekend'])).toBe('Daily Reward 3');
    expect(defaultDailyRewardName(['Daily Reward 1', 'Daily Reward 10', 'Daily Reward x'])).toBe('Daily Reward 11');
  });
});

describe('daily reward rewards', () => {
  it('names every missing day in one message', () => {
    expect(missingDaysMessage([2, 5])).toBe('Assign a pack to day(s) 2, 5');
    expect(missingDaysMessage([7])).toBe('Assign a pack to day(s) 7');
    expect(missingDays(week.filter((entry) => entry.day !== 3))).toEqual([3]);
    expect(
      missingDays([
        { day: 1, packId: '' },
        { day: 2, packId: null },
      ]),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('accepts each of the 7 days once, sorted by day', () => {
    expect(DailyRewardRewardsSchema.parse([...week].reverse())).toEqual(week);
  });

  it('refuses missing days with their numbers, duplicates and days outside 1..7', () => {
    expect(
      first(
        DailyRewardRewardsSchema,
        week.filter((e) => e.day !== 2 && e.day !== 5),
      ),
    ).toBe('Assign a pack to day(s) 2, 5');
    expect(first(DailyRewardRewardsSchema, [...week.slice(0, 6), { day: 1, packId: 'x' }])).toBe(
      DAILY_REWARD_MESSAGES.dayDuplicate,
    );
    expect(first(DailyRewardRewardsSchema, [...week, { day: 1, packId: 'x' }])).toBe(
      DAILY_REWARD_MESSAGES.dayDuplicate,
    );
    expect(first(DailyRewardRewardsSchema, [...week.slice(0, 6), { day: 8, packId: 'x' }])).toBe(
      DAILY_REWARD_MESSAGES.dayInvalid,
    );
    expect(first(DailyRewardRewardsSchema, [...week.slice(0, 6), { day: 7, packId: '' }])).toBe(
      DAILY_REWARD_MESSAGES.packRequired,
    );
    expect(first(DailyRewardRewardsSchema, [...week.slice(0, 6), { day: 7, packId: 'x'.repeat(65) }])).toBe(
      DAILY_REWARD_MESSAGES.packRequired,
    );
  });
});

describe('daily reward inputs', () => {
  it('creates with or without a name, nothing else', () => {
    expect(CreateDailyRewardInputSchema.parse({})).toEqual({});
    expect(CreateDailyRewardInputSchema.parse({ name: ' A ' })).toEqual({ name: 'A' });
    expect(CreateDailyRewardInputSchema.safeParse({ ownerId: 'x' }).success).toBe(false);
  });

  it('updates the name, or the rewards with cycleDays 7, or both', () => {
    expect(UpdateDailyRewardInputSchema.safeParse({ name: 'A' }).success).toBe(true);
    expect(UpdateDailyRewardInputSchema.safeParse({ rewards: week, cycleDays: 7 }).success).toBe(true);
    expect(UpdateDailyRewardInputSchema.safeParse({ name: 'A', rewards: week, cycleDays: 7 }).success).toBe(true);
    expect(first(UpdateDailyRewardInputSchema, {})).toBe(DAILY_REWARD_MESSAGES.updateEmpty);
    expect(first(UpdateDailyRewardInputSchema, { rewards: week })).toBe(DAILY_REWARD_MESSAGES.rewardsWithCycleDays);
    expect(first(UpdateDailyRewardInputSchema, { rewards: week, cycleDays: 5 })).toBe(
      DAILY_REWARD_MESSAGES.cycleDaysInvalid,
    );
    expect(UpdateDailyRewardInputSchema.safeParse({ name: 'A', gameId: 'g' }).success).toBe(false);
  });
});

describe('the day rules of a daily reward (decision 035)', () => {
  it('updates the day start and the missed-day rule alone, without the days or their version', () => {
    expect(UpdateDailyRewardInputSchema.parse({ dayStart: { kind: 'player_midnight' } })).toEqual({
      dayStart: { kind: 'player_midnight' },
    });
    expect(
      UpdateDailyRewardInputSchema.parse({
        dayStart: { kind: 'utc_time', minuteOfDay: 1439 },
        missedDay: 'start_over',
      }),
    ).toEqual({ dayStart: { kind: 'utc_time', minuteOfDay: 1439 }, missedDay: 'start_over' });
    expect(UpdateDailyRewardInputSchema.parse({ missedDay: 'keep_progress' })).toEqual({ missedDay: 'keep_progress' });
  });

  it('refuses a minute outside the day, a fraction of one, or none, saying what a minute is', () => {
    for (const minuteOfDay of [1440, -1, 90.5, '240', null, undefined]) {
      expect(first(UpdateDailyRewardInputSchema, { dayStart: { kind: 'utc_time', minuteOfDay } })).toBe(
        DAILY_REWARD_MESSAGES.minuteOfDayInvalid,
      );
    }
  });

  it('refuses an unknown kind of day start, a minute beside midnight, and unknown missed-day rules', () => {
    expect(first(UpdateDailyRewardInputSchema, { dayStart: { kind: 'server_midnight' } })).toBe(
      DAILY_REWARD_MESSAGES.dayStartInvalid,
    );
    expect(first(UpdateDailyRewardInputSchema, { dayStart: 'player_midnight' })).toBe(
      DAILY_REWARD_MESSAGES.dayStartInvalid,
    );
    expect(first(UpdateDailyRewardInputSchema, { dayStart: { kind: 'player_midnight', minuteOfDay: 60 } })).toBe(
      DAILY_REWARD_MESSAGES.dayStartInvalid,
    );
    expect(first(UpdateDailyRewardInputSchema, { missedDay: 'reset' })).toBe(DAILY_REWARD_MESSAGES.missedDayInvalid);
  });

  it('reads and writes the time of day a time input holds', () => {
    expect(timeOfMinuteOfDay(0)).toBe('00:00');
    expect(timeOfMinuteOfDay(4 * 60 + 5)).toBe('04:05');
    expect(timeOfMinuteOfDay(1439)).toBe('23:59');
    expect(minuteOfDayOfTime('23:59')).toBe(1439);
    expect(minuteOfDayOfTime('04:05:30')).toBe(245);
    for (const minute of [0, 1, 59, 60, 721, 1439]) expect(minuteOfDayOfTime(timeOfMinuteOfDay(minute))).toBe(minute);
    for (const bad of ['', '24:00', '4:05', '12:60', '12:00 PM', 'noon']) expect(minuteOfDayOfTime(bad)).toBeNull();
  });
});
