import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { DAILY_REWARD_PRIORITY_MAX, DAILY_REWARD_PRIORITY_MIN, TARGETING_MESSAGES } from '@liveops/domain/targeting';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field, hintIdOf } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useSegments } from '../../../lib/api/segments/get-segments';
import { formatLocalInstant, localZoneLabel } from '../../../lib/format-instant';
import { useNow } from '../../../lib/use-now';
import { isoOfLocalInput, type TargetingFormValues } from '../targeting-form';
import type { TargetingFormState } from '../use-targeting-form';
import styles from './targeting-section.module.css';
import section from './config-section.module.css';

/**
 * A config's targeting and schedule (decision 038): the segment whose players get it (none: every
 * player), when it applies (the studio's local time, stored in UTC) and its priority. Saved whole by the panel's
 * one save (decision 055); Enter in a field saves the panel. Players follow it from the save, like the day rules.
 */
export function TargetingSection({
  gameId,
  config,
  targeting,
  onSubmit,
}: {
  gameId: string;
  config: DailyReward;
  targeting: TargetingFormState;
  onSubmit: () => void;
}) {
  const segments = useSegments(gameId);
  const { form } = targeting;
  const {
    register,
    control,
    formState: { errors },
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

  /** What a typed local time is in UTC, under its field. */
  const utcHint = (text: string, empty: string) => {
    if (!text) return empty;
    const iso = isoOfLocalInput(text);
    return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : empty;
  };

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
              value={segmentId}
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
    </form>
  );
}
