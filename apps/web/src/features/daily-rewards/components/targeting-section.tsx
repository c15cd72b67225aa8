import { Check } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  DAILY_REWARD_PRIORITY_MAX,
  DAILY_REWARD_PRIORITY_MIN,
  DAILY_REWARD_SAVE_ERROR_MS,
  DAILY_REWARD_SAVED_MESSAGE_MS,
  TARGETING_MESSAGES,
  type DailyReward,
} from '@liveops/domain';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field, hintIdOf } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSaveDailyRewardTargeting } from '../../../lib/api/daily-rewards/save-daily-reward-targeting';
import { useSegments } from '../../../lib/api/segments/get-segments';
import { formatLocalInstant, localZoneLabel } from '../../../lib/format-instant';
import { useNow } from '../../../lib/use-now';
import { formValuesOf, isoOfLocalInput, type TargetingFormValues } from '../targeting-form';
import type { TargetingFormState } from '../use-targeting-form';
import { useTimedMessage } from '../use-timed-message';
import styles from './targeting-section.module.css';
import section from './config-section.module.css';

/** The field a refusal of the server is about, to show it there too (the form checks the same rules first). */
const FIELD_OF_MESSAGE = new Map<string, keyof TargetingFormValues>([
  [TARGETING_MESSAGES.segmentUnknown, 'segmentId'],
  [TARGETING_MESSAGES.segmentIdInvalid, 'segmentId'],
  [TARGETING_MESSAGES.endInPast, 'endsAt'],
  [TARGETING_MESSAGES.inverted, 'endsAt'],
  [TARGETING_MESSAGES.priorityInvalid, 'priority'],
]);

/**
 * A config's targeting and schedule (issue 22, decision 038): the segment whose players get it (none: every
 * player), when it applies (the studio's local time, stored in UTC) and its priority. Saved whole, on its own, at
 * once: players follow it from the save, like the day rules.
 */
export function TargetingSection({
  gameId,
  config,
  targeting,
}: {
  gameId: string;
  config: DailyReward;
  targeting: TargetingFormState;
}) {
  const segments = useSegments(gameId);
  const save = useSaveDailyRewardTargeting(gameId);
  const { message, show } = useTimedMessage<'saved' | 'failed'>();
  const { form } = targeting;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = form;
  const prefix = `targeting-${config.id}`;
  const id = (field: keyof TargetingFormValues) => `${prefix}-${field}`;
  const [startsAt, endsAt, segmentId] = useWatch({ control, name: ['startsAt', 'endsAt', 'segmentId'] });
  const zone = localZoneLabel();
  const now = useNow();
  // A segment stored but not listed (deleted meanwhile, or the list not loaded yet) stays a choice, so the select
  // never silently shows "Every player" for it.
  const listed = segments.data ?? [];
  const unlisted = segmentId && !listed.some((s) => s.id === segmentId) ? segmentId : null;
  const segmentHint = segments.isError
    ? 'Could not load the game’s segments.'
    : segments.isSuccess && listed.length === 0
      ? 'This game has no segments yet: every player gets this config.'
      : undefined;

  const onSubmit = handleSubmit((input) =>
    save.mutateAsync({ dailyRewardId: config.id, input }).then(
      (saved) => {
        reset(formValuesOf(saved.targeting));
        show('saved', TARGETING_MESSAGES.saved, DAILY_REWARD_SAVED_MESSAGE_MS);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && error.message) {
          const field = FIELD_OF_MESSAGE.get(error.message);
          if (field) setError(field, { message: error.message });
          show('failed', error.message, DAILY_REWARD_SAVE_ERROR_MS);
          return;
        }
        show('failed', TARGETING_MESSAGES.saveFailed, DAILY_REWARD_SAVE_ERROR_MS);
      },
    ),
  );

  /** What a typed local time is in UTC, under its field. */
  const utcHint = (text: string, empty: string) => {
    if (!text) return empty;
    const iso = isoOfLocalInput(text);
    return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : empty;
  };

  return (
    <form className={section.section} aria-labelledby={`${prefix}-title`} noValidate onSubmit={onSubmit}>
      <h3 className={section.title} id={`${prefix}-title`}>
        Targeting
      </h3>
      <p className={`muted ${section.intro}`}>{TARGETING_MESSAGES.intro}</p>
      <div className={styles.fields}>
        <Field label="Players" htmlFor={id('segmentId')} error={errors.segmentId?.message} hint={segmentHint}>
          <div className={styles.segmentRow}>
            <select
              id={id('segmentId')}
              className="input"
              disabled={segments.isPending}
              aria-invalid={errors.segmentId ? true : undefined}
              aria-describedby={
                errors.segmentId ? errorIdOf(id('segmentId')) : segmentHint ? hintIdOf(id('segmentId')) : undefined
              }
              {...register('segmentId')}
              // Controlled as well: when the list arrives, the stored segment's option replaces "Loading segments…",
              // and a select whose selected option is removed shows its first one ("Every player") unless told again.
              value={segmentId ?? ''}
            >
              <option value="">{TARGETING_MESSAGES.everyone}</option>
              {listed.map((segment) => (
                <option key={segment.id} value={segment.id}>
                  Segment: {segment.name}
                </option>
              ))}
              {unlisted ? (
                <option value={unlisted}>{segments.isPending ? 'Loading segments…' : 'A deleted segment'}</option>
              ) : null}
            </select>
            {segments.isError ? (
              <Button type="button" variant="secondary" size="sm" onClick={() => void segments.refetch()}>
                Try again
              </Button>
            ) : null}
          </div>
          {segments.isSuccess && listed.length === 0 ? (
            <Link className={styles.link} to={paths.game(gameId, 'segments')}>
              Create a segment in Player Segments
            </Link>
          ) : null}
        </Field>
        <Field
          label="Priority"
          htmlFor={id('priority')}
          error={errors.priority?.message}
          hint={`Higher wins (${DAILY_REWARD_PRIORITY_MIN} to ${DAILY_REWARD_PRIORITY_MAX}).`}
        >
          <input
            id={id('priority')}
            className={`input ${styles.priority}`}
            type="number"
            inputMode="numeric"
            step={1}
            min={DAILY_REWARD_PRIORITY_MIN}
            max={DAILY_REWARD_PRIORITY_MAX}
            aria-invalid={errors.priority ? true : undefined}
            aria-describedby={errors.priority ? errorIdOf(id('priority')) : hintIdOf(id('priority'))}
            {...register('priority')}
          />
        </Field>
        <Field
          label="Starts"
          htmlFor={id('startsAt')}
          error={errors.startsAt?.message}
          hint={utcHint(startsAt, 'No start: it applies already.')}
        >
          <input
            id={id('startsAt')}
            className="input"
            type="datetime-local"
            step={60}
            aria-invalid={errors.startsAt ? true : undefined}
            aria-describedby={errors.startsAt ? errorIdOf(id('startsAt')) : hintIdOf(id('startsAt'))}
            {...register('startsAt')}
          />
        </Field>
        <Field
          label="Ends"
          htmlFor={id('endsAt')}
          error={errors.endsAt?.message}
          hint={utcHint(endsAt, 'No end: it applies until you set one.')}
        >
          <input
            id={id('endsAt')}
            className="input"
            type="datetime-local"
            step={60}
            aria-invalid={errors.endsAt ? true : undefined}
            aria-describedby={errors.endsAt ? errorIdOf(id('endsAt')) : hintIdOf(id('endsAt'))}
            {...register('endsAt')}
          />
        </Field>
      </div>
      <p className={`muted ${styles.zone}`}>{TARGETING_MESSAGES.zoneHint(zone)}</p>
      {config.targeting.endsAt && Date.parse(config.targeting.endsAt) <= now ? (
        <p className={styles.ended}>
          Ended {formatLocalInstant(Date.parse(config.targeting.endsAt))}: no player gets this config.
        </p>
      ) : null}
      <div className={section.save}>
        <div className={section.message}>
          <p role="status" className="flash">
            {message?.kind === 'saved' ? message.text : null}
          </p>
          <p role="alert" className={section.error}>
            {message?.kind === 'failed' ? message.text : null}
          </p>
        </div>
        <div className={`${section.buttons} ${styles.buttons}`}>
          {isDirty ? (
            <Button type="button" variant="secondary" onClick={() => reset()} disabled={save.isPending}>
              Discard
            </Button>
          ) : null}
          <Button type="submit" variant="secondary" disabled={!isDirty} loading={save.isPending}>
            {isDirty ? null : <Check size={16} aria-hidden />}
            {isDirty ? 'Save Targeting' : 'Targeting saved'}
          </Button>
        </div>
      </div>
    </form>
  );
}
