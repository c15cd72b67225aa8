import {
  DAILY_REWARD_CYCLE_DAYS,
  type DailyRewardsParams,
  parseStreak,
  parseTodayIndex,
  readDailyRewardsParams,
} from '@liveops/domain/daily-rewards';

/** The emulator's Streak and Today Index inputs, as typed: the spec lets Today Index be blank. */
export type PlayCycleState = { streak: string; todayIndex: string };

export type PlayCycleAction =
  | { type: 'setStreak'; value: string }
  | { type: 'setTodayIndex'; value: string }
  | { type: 'claim' }
  | { type: 'nextDay' }
  | { type: 'reset' };

export const INITIAL_PLAY_CYCLE: PlayCycleState = { streak: '0', todayIndex: '' };

/** Shown under the buttons, so the model below is not a guess. */
export const PLAY_CYCLE_HINT =
  'Claim takes today’s reward and moves to the next day; Next day passes a day without claiming, which breaks the streak; Reset starts over.';

/** A given Today Index moves one day on within the 7-day cycle (7 → 1); a blank one stays blank. */
function advanceTodayIndex(todayIndex: string): string {
  const today = parseTodayIndex(todayIndex);
  return today === undefined ? '' : String((today % DAILY_REWARD_CYCLE_DAYS) + 1);
}

/**
 * Plays the 7-day cycle on top of the inputs. Each of Claim and Next day is a day that passes: with a claim the
 * streak grows by one (decision 012: the claimed day turns claimed, the next one is today), without one the
 * streak is broken (0, so day 1 is today). A Today Index, when given, overrides the streak (decision 012), so it
 * moves one day on as well. Reset is streak 0 and a blank Today Index.
 */
export function playCycle(state: PlayCycleState, action: PlayCycleAction): PlayCycleState {
  switch (action.type) {
    case 'setStreak':
      return { ...state, streak: action.value };
    case 'setTodayIndex':
      return { ...state, todayIndex: action.value };
    case 'claim':
      return { streak: String(parseStreak(state.streak) + 1), todayIndex: advanceTodayIndex(state.todayIndex) };
    case 'nextDay':
      return { streak: '0', todayIndex: advanceTodayIndex(state.todayIndex) };
    case 'reset':
      return INITIAL_PLAY_CYCLE;
  }
}

/** The view's params from the inputs: a non-numeric streak is 0, only a Today Index above 0 is used. */
export function playCycleParams(state: PlayCycleState): DailyRewardsParams {
  return readDailyRewardsParams(state.streak, state.todayIndex);
}
