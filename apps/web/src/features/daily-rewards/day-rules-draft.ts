import { useState } from 'react';
import {
  minuteOfDayOfTime,
  timeOfMinuteOfDay,
  type DailyReward,
  type DayStartKind,
  type UpdateDailyRewardInput,
} from '@liveops/domain/daily-rewards';

/** The day rules as the form holds them: the fixed time as typed ("HH:MM"), kept while midnight is chosen. */
export type DayRulesDraft = { kind: DayStartKind; time: string; missedDay: DailyReward['missedDay'] };
type Rules = Pick<DailyReward, 'dayStart' | 'missedDay'>;

/** A new fixed time starts at 00:00 UTC. */
const DEFAULT_TIME = '00:00';

export function draftFromRules({ dayStart, missedDay }: Rules): DayRulesDraft {
  return {
    kind: dayStart.kind,
    time: dayStart.kind === 'utc_time' ? timeOfMinuteOfDay(dayStart.minuteOfDay) : DEFAULT_TIME,
    missedDay,
  };
}

/** What the update route takes; null while the fixed time is not a time yet. */
export function rulesFromDraft(draft: DayRulesDraft): Required<Pick<UpdateDailyRewardInput, keyof Rules>> | null {
  if (draft.kind === 'player_midnight') return { dayStart: { kind: 'player_midnight' }, missedDay: draft.missedDay };
  const minuteOfDay = minuteOfDayOfTime(draft.time);
  return minuteOfDay === null ? null : { dayStart: { kind: 'utc_time', minuteOfDay }, missedDay: draft.missedDay };
}

/** Whether the draft says what is stored (the time typed only counts when a fixed time is chosen). */
export function isSameRules(draft: DayRulesDraft, stored: Rules): boolean {
  const rules = rulesFromDraft(draft);
  if (!rules) return false;
  const { dayStart } = rules;
  return (
    rules.missedDay === stored.missedDay &&
    dayStart.kind === stored.dayStart.kind &&
    (dayStart.kind !== 'utc_time' ||
      (stored.dayStart.kind === 'utc_time' && dayStart.minuteOfDay === stored.dayStart.minuteOfDay))
  );
}

/**
 * The editor's draft of a config's day rules: null edits while clean, so the form follows the stored rules (live
 * updates included); an edit back to what is stored is clean again.
 */
export function useDayRulesDraft(stored: Rules) {
  const [edits, setEdits] = useState<DayRulesDraft | null>(null);
  const draft = edits ?? draftFromRules(stored);
  const dirty = edits !== null && !isSameRules(edits, stored);
  return {
    draft,
    dirty,
    valid: rulesFromDraft(draft) !== null,
    edit: (next: Partial<DayRulesDraft>) => {
      const changed = { ...draft, ...next };
      // The time typed is kept while it is not a time yet (the field says so), even if the rest is as stored.
      setEdits(isSameRules(changed, stored) && changed.time === draftFromRules(stored).time ? null : changed);
    },
    reset: () => setEdits(null),
  };
}

export type DayRulesState = ReturnType<typeof useDayRulesDraft>;
