import { Pencil } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { DAILY_REWARD_MESSAGES, DailyRewardNameSchema, type DailyReward } from '@liveops/domain/daily-rewards';
import { useUpdateDailyReward } from '../../../lib/api/daily-rewards/update-daily-reward';
import styles from './daily-reward-name.module.css';

/**
 * The config's name, edited in place. A click on the name or the pencil opens the field; Enter or leaving it
 * saves, Escape puts the stored name back.
 */
export function DailyRewardName({ gameId, config }: { gameId: string; config: DailyReward }) {
  const update = useUpdateDailyReward(gameId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Enter and Escape end the edit before the field's blur arrives; the blur must not save a second time.
  const settled = useRef(false);
  const errorId = `daily-reward-name-error-${config.id}`;

  const start = () => {
    settled.current = false;
    setError(null);
    setDraft(config.name);
  };
  const cancel = () => {
    settled.current = true;
    setError(null);
    setDraft(null);
  };
  const commit = () => {
    if (draft === null || settled.current || update.isPending) return;
    const parsed = DailyRewardNameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DAILY_REWARD_MESSAGES.nameEmpty);
      return;
    }
    if (parsed.data === config.name) {
      cancel();
      return;
    }
    settled.current = true;
    update.mutate(
      { dailyRewardId: config.id, input: { name: parsed.data } },
      {
        onSuccess: () => setDraft(null),
        onError: () => {
          settled.current = false;
          setError(DAILY_REWARD_MESSAGES.renameFailed);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (draft === null) {
    return (
      <div className={styles.name}>
        <h2 className={styles.title}>
          <button type="button" className={styles.titleButton} onClick={start} title="Rename">
            {config.name}
          </button>
        </h2>
        <button type="button" className="icon-button" aria-label={`Rename ${config.name}`} onClick={start}>
          <Pencil size={15} aria-hidden />
        </button>
      </div>
    );
  }
  return (
    <div className={styles.edit}>
      <input
        className="input daily-reward-name-input"
        aria-label="Daily reward name"
        value={draft}
        // The field opens on a click meant to edit it: focus follows.
        autoFocus
        disabled={update.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : (
        <p className="hint">Enter saves, Esc cancels.</p>
      )}
    </div>
  );
}
