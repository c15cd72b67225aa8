import {
  DAILY_REWARD_MESSAGES,
  DAY_START_KINDS,
  DAY_START_LABELS,
  MISSED_DAY_LABELS,
  type DailyReward,
} from '@liveops/domain/daily-rewards';
import { MISSED_DAY_SETTINGS } from '@liveops/domain/runtime-api';
import type { DayRulesState } from '../day-rules-draft';
import styles from './day-rules.module.css';
import section from './config-section.module.css';

/**
 * A config's day rules for the player runtime (decision 035): when a player's day starts and what a
 * missed day does. Saved by the panel's one save with the days, targeting and variants (decision 055); Enter in a
 * field saves the panel. Players follow them from the save.
 */
export function DayRules({
  config,
  rules,
  onSubmit,
}: {
  config: DailyReward;
  rules: DayRulesState;
  onSubmit: () => void;
}) {
  const { draft } = rules;
  const prefix = `day-rules-${config.id}`;
  const timeInvalid = draft.kind === 'utc_time' && !rules.valid;

  return (
    <form
      className={section.section}
      aria-labelledby={`${prefix}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3 className={section.title} id={`${prefix}-title`}>
        Day rules
      </h3>
      <p className={`muted ${section.intro}`}>{DAILY_REWARD_MESSAGES.rulesIntro}</p>
      <div className={styles.groups}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>When a day starts</legend>
          {DAY_START_KINDS.map((kind) => (
            <label key={kind} className={styles.choice}>
              <input
                type="radio"
                name={`${prefix}-day-start`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => rules.edit({ kind })}
              />
              <span>
                {DAY_START_LABELS[kind]}
                {kind === 'player_midnight' ? <span className="muted"> (default)</span> : null}
              </span>
            </label>
          ))}
          {draft.kind === 'utc_time' ? (
            <div className={styles.time}>
              <label className="field-label" htmlFor={`${prefix}-time`}>
                Time of day (UTC)
              </label>
              <input
                id={`${prefix}-time`}
                className="input"
                type="time"
                step={60}
                required
                value={draft.time}
                aria-invalid={timeInvalid || undefined}
                aria-describedby={timeInvalid ? `${prefix}-time-error` : undefined}
                onChange={(event) => rules.edit({ time: event.target.value })}
              />
              {timeInvalid ? (
                <p id={`${prefix}-time-error`} className="field-error">
                  {DAILY_REWARD_MESSAGES.timeRequired}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>A missed day</legend>
          {MISSED_DAY_SETTINGS.map((setting) => (
            <label key={setting} className={styles.choice}>
              <input
                type="radio"
                name={`${prefix}-missed-day`}
                value={setting}
                checked={draft.missedDay === setting}
                onChange={() => rules.edit({ missedDay: setting })}
              />
              <span>
                {MISSED_DAY_LABELS[setting].label}
                {setting === 'keep_progress' ? <span className="muted"> (default)</span> : null}
                <span className={styles.hint}>{MISSED_DAY_LABELS[setting].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>
    </form>
  );
}
