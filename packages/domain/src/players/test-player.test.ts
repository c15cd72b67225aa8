import { describe, expect, it } from 'vitest';
import {
  clockOffsetOf,
  clockOffsetParts,
  CreateTestPlayerInputSchema,
  formatClockOffset,
  TEST_PLAYER_MESSAGES,
  TEST_PLAYER_OFFSET_MAX_MS,
  TestPlayerConfigInputSchema,
  TestPlayerFormSchema,
  UpdateTestPlayerInputSchema,
} from './test-player';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('a test player’s clock offset as people read it', () => {
  it.each([
    [0, 'server time'],
    [3 * DAY + 2 * HOUR, '+3 days 2 h'],
    [DAY, '+1 day'],
    [-(5 * HOUR + 30 * MINUTE), '−5 h 30 min'],
    [11 * HOUR + MINUTE + 37_123, '+11 h 1 min'],
    [30_000, '+<1 min'],
    [-1, '−<1 min'],
    [TEST_PLAYER_OFFSET_MAX_MS, '+366 days'],
  ])('writes %d ms as %s', (offset, text) => {
    expect(formatClockOffset(offset)).toBe(text);
  });

  it('splits an offset into the form’s days, hours and minutes and back, seconds dropped', () => {
    expect(clockOffsetParts(3 * DAY + 2 * HOUR + 5 * MINUTE + 999)).toEqual({ days: 3, hours: 2, minutes: 5 });
    expect(clockOffsetParts(-(DAY + HOUR))).toEqual({ days: -1, hours: -1, minutes: 0 });
    expect(clockOffsetParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(clockOffsetOf({ days: -1, hours: -1, minutes: 0 })).toBe(-(DAY + HOUR));
    expect(clockOffsetOf({ days: 2, hours: -3, minutes: 30 })).toBe(2 * DAY - 3 * HOUR + 30 * MINUTE);
  });
});

describe('adding and editing a test player', () => {
  it('takes a player id with an offset of at most a year either way, and a note', () => {
    expect(CreateTestPlayerInputSchema.parse({ playerId: 'qa-anna' })).toEqual({
      playerId: 'qa-anna',
      clockOffsetMs: 0,
      note: '',
    });
    for (const offset of [TEST_PLAYER_OFFSET_MAX_MS, -TEST_PLAYER_OFFSET_MAX_MS, 3 * DAY]) {
      expect(CreateTestPlayerInputSchema.safeParse({ playerId: 'p', clockOffsetMs: offset }).success).toBe(true);
    }
  });

  it('refuses an offset beyond a year, or not a whole number of milliseconds, with a clear message', () => {
    for (const offset of [TEST_PLAYER_OFFSET_MAX_MS + 1, -TEST_PLAYER_OFFSET_MAX_MS - 1]) {
      const result = CreateTestPlayerInputSchema.safeParse({ playerId: 'p', clockOffsetMs: offset });
      expect(firstMessage(result)).toBe(TEST_PLAYER_MESSAGES.offsetTooFar);
    }
    for (const offset of [1.5, 1e300, '3 days', null, Number.NaN]) {
      const result = CreateTestPlayerInputSchema.safeParse({ playerId: 'p', clockOffsetMs: offset });
      expect(firstMessage(result)).toBe(TEST_PLAYER_MESSAGES.offsetInvalid);
    }
  });

  it('refuses player ids a game could not send, long notes and fields it does not know', () => {
    for (const playerId of ['', ' padded', 'x'.repeat(129), 'bell\u0007', '\u200b']) {
      expect(firstMessage(CreateTestPlayerInputSchema.safeParse({ playerId }))).toBe(
        TEST_PLAYER_MESSAGES.playerIdInvalid,
      );
    }
    expect(firstMessage(CreateTestPlayerInputSchema.safeParse({ playerId: 'p', note: 'n'.repeat(201) }))).toBe(
      TEST_PLAYER_MESSAGES.noteTooLong,
    );
    expect(CreateTestPlayerInputSchema.safeParse({ playerId: 'p', ownerId: 'x' }).success).toBe(false);
  });

  it('edits any of the three, and says what to send when none is given', () => {
    expect(UpdateTestPlayerInputSchema.parse({ clockOffsetMs: -HOUR })).toEqual({ clockOffsetMs: -HOUR });
    expect(firstMessage(UpdateTestPlayerInputSchema.safeParse({}))).toBe(TEST_PLAYER_MESSAGES.updateEmpty);
  });

  it('checks the form’s days, hours and minutes together against the same bound', () => {
    const form = { playerId: 'p', days: 366, hours: 0, minutes: 0, note: '' };
    expect(TestPlayerFormSchema.safeParse(form).success).toBe(true);
    const over = TestPlayerFormSchema.safeParse({ ...form, minutes: 1 });
    expect(firstMessage(over)).toBe(TEST_PLAYER_MESSAGES.offsetTooFar);
    expect(over.success ? null : over.error.issues[0]?.path).toEqual(['days']);
    expect(TestPlayerFormSchema.safeParse({ ...form, days: 367, hours: -24 }).success).toBe(true);
  });

  it('needs the config a tester plays for Next day and Reset progress', () => {
    expect(firstMessage(TestPlayerConfigInputSchema.safeParse({}))).toBe(TEST_PLAYER_MESSAGES.configRequired);
    expect(TestPlayerConfigInputSchema.parse({ configId: 'c1' })).toEqual({ configId: 'c1' });
  });
});
