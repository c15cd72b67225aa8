import { z } from 'zod';
import { PlayerIdSchema, RUNTIME_MESSAGES } from '../runtime-api/runtime-api';
import { hasBidiControl, hasForbiddenCharacters, TEXT_MESSAGES } from '../shared/text';

/**
 * Test players (decision 040): player ids of a game whose runtime clock runs at the server's time plus
 * their own offset. Set from the dashboard only; a game client can never move a clock.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** How far a tester's clock may be from the server's, either way: 366 days (the database checks it too). */
export const TEST_PLAYER_OFFSET_MAX_DAYS = 366;
export const TEST_PLAYER_OFFSET_MAX_MS = TEST_PLAYER_OFFSET_MAX_DAYS * DAY_MS;
export const TEST_PLAYER_NOTE_MAX = 200;
/** Test players one game may have: the runtime keeps each game's in memory. */
export const TEST_PLAYERS_PER_GAME_MAX = 100;
/** "Next day" puts a tester this long after the start of their next day, safely inside it. */
export const TEST_PLAYER_NEXT_DAY_MARGIN_MS = MINUTE_MS;
/** How long a player id signature the dashboard makes for a tester is valid (the Emulator's sign-in). */
export const TEST_PLAYER_SIGNATURE_TTL_SECONDS = 600;

export const TEST_PLAYER_MESSAGES = {
  playerIdInvalid: RUNTIME_MESSAGES.playerIdInvalid,
  offsetInvalid: `A clock offset is a whole number of milliseconds, at most ${TEST_PLAYER_OFFSET_MAX_DAYS} days (a year) ahead of or behind the server’s clock.`,
  offsetTooFar: `A test player’s clock may be at most ${TEST_PLAYER_OFFSET_MAX_DAYS} days (a year) ahead of or behind the server’s clock.`,
  nextDayTooFar: `This test player’s next day would be more than ${TEST_PLAYER_OFFSET_MAX_DAYS} days ahead of the server’s clock. Set their clock back first.`,
  noteTooLong: `Keep the note under ${TEST_PLAYER_NOTE_MAX} characters.`,
  updateEmpty: 'Send a new player id, clock offset or note.',
  configRequired: 'Pick the daily reward the test player is playing (configId).',
  duplicate: 'This player id is already a test player of this game.',
  tooMany: `A game may have at most ${TEST_PLAYERS_PER_GAME_MAX} test players. Remove one first.`,
  notFound: 'Test player not found.',
  configNotFound: 'Daily reward not found.',
  loadFailed: 'Could not load the test players. Please try again.',
  saveFailed: 'Could not save the test player. Please try again.',
  removeFailed: 'Could not remove the test player. Please try again.',
  nextDayFailed: 'Could not move the test player’s clock. Please try again.',
  resetFailed: 'Could not reset the test player’s progress. Please try again.',
  /** Said on "Reset progress": by design it pays again on the same real day (decision 040), which no player can. */
  resetPaysAgain: 'Pays day 1 again today: a reset starts this daily reward over, even on a day already claimed.',
  empty: 'No test players yet. Add a player id to give it its own clock.',
  noRelease:
    'This game has no published release yet. Publish it first with Publish Packs, in the game’s menu: a test player plays the live release, as every player does.',
  pickTester: 'Add a test player above first.',
  /** The runtime gives each player one daily reward (decision 038): the one chosen is not theirs now. */
  notGiven: (playerId: string, given: string) =>
    `The runtime gives ${playerId} “${given}” now, not this daily reward: each player gets the one that applies to them with the highest priority (see its targeting in Daily Rewards).`,
  noneGiven: (playerId: string) =>
    `The runtime gives ${playerId} no daily reward now: none in the live release applies to them at their clock’s time (see the targeting and schedules in Daily Rewards), or the release has none.`,
  help: 'A test player is one of your game’s player ids whose clock on the server runs ahead of (or behind) the server’s by its offset. Only the dashboard can set it; every other player follows the server’s clock.',
} as const;

const NoteSchema = z
  .string({ error: TEST_PLAYER_MESSAGES.noteTooLong })
  .trim()
  .max(TEST_PLAYER_NOTE_MAX, TEST_PLAYER_MESSAGES.noteTooLong)
  .refine((text) => !hasForbiddenCharacters(text), TEXT_MESSAGES.controlCharacters)
  .refine((text) => !hasBidiControl(text), TEXT_MESSAGES.bidiControls);

/** Milliseconds added to the server's clock for this tester: a whole number, at most a year either way. */
export const ClockOffsetSchema = z
  .number({ error: TEST_PLAYER_MESSAGES.offsetInvalid })
  .int(TEST_PLAYER_MESSAGES.offsetInvalid)
  .min(-TEST_PLAYER_OFFSET_MAX_MS, TEST_PLAYER_MESSAGES.offsetTooFar)
  .max(TEST_PLAYER_OFFSET_MAX_MS, TEST_PLAYER_MESSAGES.offsetTooFar);

export const CreateTestPlayerInputSchema = z.strictObject({
  playerId: PlayerIdSchema,
  clockOffsetMs: ClockOffsetSchema.default(0),
  note: NoteSchema.default(''),
});
export type CreateTestPlayerInput = z.input<typeof CreateTestPlayerInputSchema>;

export const UpdateTestPlayerInputSchema = z
  .strictObject({
    playerId: PlayerIdSchema.optional(),
    clockOffsetMs: ClockOffsetSchema.optional(),
    note: NoteSchema.optional(),
  })
  .refine(
    (input) => input.playerId !== undefined || input.clockOffsetMs !== undefined || input.note !== undefined,
    TEST_PLAYER_MESSAGES.updateEmpty,
  );
export type UpdateTestPlayerInput = z.input<typeof UpdateTestPlayerInputSchema>;

/**
 * The dashboard's form: the offset typed as days, hours and minutes (each may be negative), checked as a whole
 * against the same bound as the API's.
 */
export const TestPlayerFormSchema = z
  .object({
    playerId: PlayerIdSchema,
    days: z.number({ error: TEST_PLAYER_MESSAGES.offsetInvalid }).int(TEST_PLAYER_MESSAGES.offsetInvalid),
    hours: z.number({ error: TEST_PLAYER_MESSAGES.offsetInvalid }).int(TEST_PLAYER_MESSAGES.offsetInvalid),
    minutes: z.number({ error: TEST_PLAYER_MESSAGES.offsetInvalid }).int(TEST_PLAYER_MESSAGES.offsetInvalid),
    note: NoteSchema,
  })
  .superRefine((input, ctx) => {
    if (Math.abs(clockOffsetOf(input)) > TEST_PLAYER_OFFSET_MAX_MS) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: TEST_PLAYER_MESSAGES.offsetTooFar });
    }
  });
export type TestPlayerForm = z.input<typeof TestPlayerFormSchema>;

/** "Next day" and "Reset progress" act for one daily reward config (its day rule decides when a day starts). */
export const TestPlayerConfigInputSchema = z.strictObject({
  configId: z
    .string({ error: TEST_PLAYER_MESSAGES.configRequired })
    .min(1, TEST_PLAYER_MESSAGES.configRequired)
    .max(128, TEST_PLAYER_MESSAGES.configRequired),
});
export type TestPlayerConfigInput = z.input<typeof TestPlayerConfigInputSchema>;

export const TestPlayerSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  playerId: z.string(),
  clockOffsetMs: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestPlayer = z.infer<typeof TestPlayerSchema>;

/** POST …/next-day: the tester with their new offset, and the server's time it was computed at. */
export const TestPlayerClockSchema = z.object({ testPlayer: TestPlayerSchema, serverTime: z.string() });
export type TestPlayerClock = z.infer<typeof TestPlayerClockSchema>;

/** POST …/reset: whether a reset was written (false: the player has not played yet, there is nothing to reset). */
export const TestPlayerResetSchema = z.object({ reset: z.boolean() });

/** POST …/signature: a player id signature for the tester, as the game's backend would make it (decision 034). */
export const TestPlayerSignatureSchema = z.object({ playerSignature: z.string(), expiresAt: z.string() });

/**
 * An offset as a person reads it: "+3 days 2 h", "−5 h 30 min", "+1 min"; "server time" for none. Below a minute
 * it says "+<1 min" (never "+0 min", which would read as none).
 */
export function formatClockOffset(offsetMs: number): string {
  if (offsetMs === 0) return 'server time';
  const sign = offsetMs < 0 ? '−' : '+';
  let rest = Math.abs(offsetMs);
  if (rest < MINUTE_MS) return `${sign}<1 min`;
  const days = Math.floor(rest / DAY_MS);
  rest -= days * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  const parts: string[] = [];
  if (days) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  return `${sign}${parts.join(' ')}`;
}

/** An offset from the days, hours and minutes a person types (each may be negative). */
export function clockOffsetOf(parts: { days: number; hours: number; minutes: number }): number {
  return parts.days * DAY_MS + parts.hours * HOUR_MS + parts.minutes * MINUTE_MS;
}

/** An offset split into the days, hours and minutes of the form, all of the offset's sign (seconds dropped). */
export function clockOffsetParts(offsetMs: number): { days: number; hours: number; minutes: number } {
  const sign = offsetMs < 0 ? -1 : 1;
  let rest = Math.abs(offsetMs);
  const days = Math.floor(rest / DAY_MS);
  rest -= days * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  // 0 * -1 is -0, which a number input shows as "0" but toEqual tells apart.
  const signed = (n: number) => (n === 0 ? 0 : sign * n);
  return { days: signed(days), hours: signed(hours), minutes: signed(minutes) };
}
