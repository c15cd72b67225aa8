import { DAILY_REWARD_CYCLE_DAYS } from '../daily-rewards/daily-reward-limits';
import { parseStreak, parseTodayIndex, todayOfCycle } from '../daily-rewards/day-state';

/** The emulator's words for what it made of the Streak and Today Index typed into it (decision 030). */
export const EMULATOR_MESSAGES = {
  streakHelp: 'Days in a row the player has claimed. Today is the day after them.',
  streakBlank: 'Streak is blank: a streak of 0 is used.',
  streakNegative: (typed: string) => `Streak ${typed} is below 0: a streak of 0 is used.`,
  streakNotWhole: (typed: string, used: number) => `Streak ${typed} is not a whole number: ${used} is used.`,
  streakBeyondCycle: (used: number, day: number) =>
    `A streak of ${used} ${used === DAILY_REWARD_CYCLE_DAYS ? 'completes' : 'runs past'} the ${DAILY_REWARD_CYCLE_DAYS}-day cycle, which starts again: day ${day} is today.`,
  todayIndexBelowOne: (typed: string, day: number) =>
    `Today Index ${typed} is below 1, so it is not used: today follows the streak (day ${day}).`,
  todayIndexNotWhole: (typed: string, used: number) => `Today Index ${typed} is not a whole number: ${used} is used.`,
  todayIndexBeyondCycle: (used: number, day: number, cycle: number) =>
    `Today Index ${used} is beyond the ${DAILY_REWARD_CYCLE_DAYS} days: day ${day} of the ${cycle === 2 ? 'next cycle' : `${ordinal(cycle)} cycle`} is shown.`,
} as const;

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** What the emulator says about each input, when what it uses is not what was typed. */
export interface PlayInputNotes {
  streak?: string;
  todayIndex?: string;
}

const typedNumber = (input: string) => {
  const text = input.trim();
  return text === '' ? null : Number(text);
};

/**
 * Why the popup shows the day it does, when the Streak or Today Index typed is not used as typed (a
 * non-numeric or negative streak is 0, fractions are rounded down, a Today Index below 1 is not used, one past
 * the cycle wraps round, decision 012). Nothing is said of inputs used as typed.
 */
export function explainPlayInputs(streakInput: string, todayIndexInput: string): PlayInputNotes {
  const notes: PlayInputNotes = {};
  const streak = parseStreak(streakInput);
  const todayIndex = parseTodayIndex(todayIndexInput);
  const typedStreak = typedNumber(streakInput);
  const typedToday = typedNumber(todayIndexInput);
  const streakDay = todayOfCycle({ streak });

  const streakParts: string[] = [];
  if (typedStreak === null || !Number.isFinite(typedStreak)) streakParts.push(EMULATOR_MESSAGES.streakBlank);
  else if (typedStreak < 0) streakParts.push(EMULATOR_MESSAGES.streakNegative(streakInput.trim()));
  else if (!Number.isInteger(typedStreak)) {
    streakParts.push(EMULATOR_MESSAGES.streakNotWhole(streakInput.trim(), streak));
  }
  // Past the cycle only matters while the streak decides today.
  if (todayIndex === undefined && streak >= DAILY_REWARD_CYCLE_DAYS) {
    streakParts.push(EMULATOR_MESSAGES.streakBeyondCycle(streak, streakDay));
  }
  if (streakParts.length > 0) notes.streak = streakParts.join(' ');

  if (typedToday !== null && Number.isFinite(typedToday)) {
    const todayParts: string[] = [];
    if (todayIndex === undefined) {
      todayParts.push(EMULATOR_MESSAGES.todayIndexBelowOne(todayIndexInput.trim(), streakDay));
    } else {
      if (!Number.isInteger(typedToday)) {
        todayParts.push(EMULATOR_MESSAGES.todayIndexNotWhole(todayIndexInput.trim(), todayIndex));
      }
      if (todayIndex > DAILY_REWARD_CYCLE_DAYS) {
        const cycle = Math.floor((todayIndex - 1) / DAILY_REWARD_CYCLE_DAYS) + 1;
        const day = todayOfCycle({ streak, todayIndex });
        todayParts.push(EMULATOR_MESSAGES.todayIndexBeyondCycle(todayIndex, day, cycle));
      }
    }
    if (todayParts.length > 0) notes.todayIndex = todayParts.join(' ');
  }
  return notes;
}
