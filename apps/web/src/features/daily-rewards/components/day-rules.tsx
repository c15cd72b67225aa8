import { Check } from 'lucide-react';
import {
  DAILY_REWARD_MESSAGES,
  DAILY_REWARD_SAVE_ERROR_MS,
  DAILY_REWARD_SAVED_MESSAGE_MS,
  DAY_START_KINDS,
  DAY_START_LABELS,
  MISSED_DAY_LABELS,
  MISSED_DAY_SETTINGS,
  type DailyReward,
} from '@liveops/domain';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useUpdateDailyReward } from '../../../lib/api/daily-rewards/update-daily-reward';
import { rulesFromDraft, type DayRulesState } from '../day-rules-draft';
import { useTimedMessage } from '../use-timed-message';
import styles from './day-rules.module.css';
import section from './config-section.module.css';

/**
 * A config's day rules for the player runtime (issue 21 §3, decision 035): when a player's day starts and what a
 * missed day does. Saved on their own, at once, whatever the days' draft; players follow them from the save.
 */
export function DayRules({ gameId, config, rules }: { gameId: string; config: DailyReward; rules: DayRulesState }) {
  const update = useUpdateDailyReward(gameId);
  const { message, show } = useTimedMessage<'saved' | 'failed'>();
  const { draft } = rules;
  const prefix = `day-rules-${config.id}`;
  const timeInvalid = draft.kind === 'utc_time' && !rules.valid;

  const save = () => {
    const input = rulesFromDraft(draft);
    if (!input) return;
    update.mutate(
      { dailyRewardId: config.id, input },
      {
        onSuccess: () => {
          rules.reset();
          show('saved', DAILY_REWARD_MESSAGES.rulesSaved, DAILY_REWARD_SAVED_MESSAGE_MS);
        },
        onError: (error) =>
          show(
            'failed',
            error instanceof ApiError && error.status === 400 && error.message
              ? error.message
              : DAILY_REWARD_MESSAGES.rulesSaveFailed,
            DAILY_REWARD_SAVE_ERROR_MS,
          ),
      },
    );
  };

  return (
    <form
      className={section.section}
      aria-labelledby={`${prefix}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
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
      <div className={section.save}>
        <div className={section.message}>
          <p role="status" className="flash">
            {message?.kind === 'saved' ? message.text : null}
          </p>
          <p role="alert" className={section.error}>
            {message?.kind === 'failed' ? message.text : null}
          </p>
        </div>
        <div className={section.buttons}>
          {rules.dirty ? (
            <Button type="button" variant="secondary" onClick={rules.reset} disabled={update.isPending}>
              Discard
            </Button>
          ) : null}
          <Button type="submit" variant="secondary" disabled={!rules.dirty || !rules.valid} loading={update.isPending}>
            {rules.dirty ? null : <Check size={16} aria-hidden />}
            {rules.dirty ? 'Save Day Rules' : 'Day rules saved'}
          </Button>
        </div>
      </div>
    </form>
  );
}
