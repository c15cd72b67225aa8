import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import {
  EXPERIMENT_VARIANTS_MAX,
  EXPERIMENT_VARIANTS_MIN,
  promoteWarning,
  type Experiment,
} from '@liveops/domain/experiments';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import rows from '../../../components/row-list.module.css';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAnalytics } from '../../../lib/api/analytics/get-analytics';
import { configExperiment } from '../../../lib/api/daily-rewards/config-experiment';
import { useEndExperiment } from '../../../lib/api/daily-rewards/end-experiment';
import { usePromoteExperimentVariant } from '../../../lib/api/daily-rewards/promote-experiment-variant';
import { useStartExperiment } from '../../../lib/api/daily-rewards/start-experiment';
import { formatLocalInstant } from '../../../lib/format-instant';
import {
  ExperimentFormSchema,
  isStoredVariant,
  newExperimentVariants,
  nextVariant,
  variantShares,
  type ExperimentFormValues,
} from '../experiment-draft';
import type { VariantsFormState } from '../use-variants-form';
import styles from './experiment-section.module.css';
import section from './config-section.module.css';

const FAILED = 'The experiment could not be saved. Please try again.';
const messageOf = (error: unknown, fallback = FAILED) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * A config's A/B test of its popup (issue 23 item 4, decision 046): two to four variants with names and weights.
 * The first (A) is the config's own layout; the others start as copies, edited in the UI editor. While it runs
 * the variants can be renamed, reweighted and added to (never removed: players are assigned to them), and it ends
 * by promoting a winner (its layout becomes the config's) or without one. Players follow at the next Publish.
 */
export function ExperimentSection({
  gameId,
  config,
  variants,
  onSubmit,
}: {
  gameId: string;
  config: DailyReward;
  /** The running experiment's names and weights, saved by the panel's one save (decision 055). */
  variants: VariantsFormState;
  onSubmit: () => void;
}) {
  const experiment = configExperiment(config);
  const [settingUp, setSettingUp] = useState(false);
  const prefix = `experiment-${config.id}`;
  return (
    <section className={section.section} aria-labelledby={`${prefix}-title`}>
      <h3 className={section.title} id={`${prefix}-title`}>
        Experiment
      </h3>
      {experiment ? (
        <RunningExperiment
          key={experiment.id}
          gameId={gameId}
          config={config}
          experiment={experiment}
          variants={variants}
          onSubmit={onSubmit}
        />
      ) : settingUp ? (
        <>
          <p className={`muted ${section.intro}`}>
            Each player gets one variant for good. A is the popup you have now; the others start as copies of it, which
            you edit in the UI editor. Players get their variant from the next Publish.
          </p>
          <VariantsForm
            gameId={gameId}
            config={config}
            stored={null}
            onDone={() => setSettingUp(false)}
            onCancel={() => setSettingUp(false)}
          />
        </>
      ) : (
        <div className={styles.empty}>
          <FlaskConical size={22} aria-hidden className="placeholder-icon" />
          <p className="muted">
            No experiment. Try {EXPERIMENT_VARIANTS_MIN} to {EXPERIMENT_VARIANTS_MAX} popup designs on your players and
            compare their claim rates in Analytics.
          </p>
          <Button variant="secondary" size="sm" onClick={() => setSettingUp(true)}>
            <FlaskConical size={14} aria-hidden />
            Set up an experiment
          </Button>
        </div>
      )}
    </section>
  );
}

function RunningExperiment({
  gameId,
  config,
  experiment,
  variants,
  onSubmit,
}: {
  gameId: string;
  config: DailyReward;
  experiment: Experiment;
  variants: VariantsFormState;
  onSubmit: () => void;
}) {
  const end = useEndExperiment(gameId, config.id);
  const [promoting, setPromoting] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  return (
    <>
      <p className={`muted ${section.intro}`}>
        Running since {formatLocalInstant(Date.parse(experiment.startedAt))}. Players keep the variant they got; new
        weights apply to new players. Changes reach players at the next Publish.
      </p>
      <VariantsForm
        gameId={gameId}
        config={config}
        stored={experiment}
        panel={variants.form}
        onPanelSubmit={onSubmit}
      />
      {endError ? <Alert tone="error">{endError}</Alert> : null}
      <div className={styles.endActions}>
        <Button variant="secondary" size="sm" onClick={() => setPromoting(true)}>
          Promote a winner…
        </Button>
        <ConfirmDialog
          title="End the experiment without a winner?"
          description="Every player gets the config’s own layout (A) again from the next Publish. The results stay in Analytics."
          confirmLabel="End experiment"
          onConfirm={() =>
            end.mutate(undefined, {
              onSuccess: () => {
                setEndError(null);
                toast.success('Experiment ended. Publish to show every player the config’s layout.');
              },
              onError: (error) => setEndError(messageOf(error, 'The experiment could not be ended. Please try again.')),
            })
          }
          trigger={
            <Button variant="secondary" size="sm" loading={end.isPending}>
              End experiment
            </Button>
          }
        />
      </div>
      <PromoteDialog
        gameId={gameId}
        config={config}
        experiment={experiment}
        open={promoting}
        onOpenChange={setPromoting}
      />
    </>
  );
}

/**
 * The variants' names and weights: the start of an experiment (stored null, its own Start button) or the running
 * one's edit, whose form is the panel's (`panel`), saved by the panel's one save (decision 055).
 */
function VariantsForm({
  gameId,
  config,
  stored,
  panel,
  onPanelSubmit,
  onDone,
  onCancel,
}: {
  gameId: string;
  config: DailyReward;
  stored: Experiment | null;
  panel?: UseFormReturn<ExperimentFormValues>;
  onPanelSubmit?: () => void;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const start = useStartExperiment(gameId, config.id);
  const [serverError, setServerError] = useState<string | null>(null);
  const defaults: ExperimentFormValues = {
    variants: stored ? stored.variants.map(({ id, name, weight }) => ({ id, name, weight })) : newExperimentVariants(),
  };
  const own = useForm<ExperimentFormValues>({ resolver: zodResolver(ExperimentFormSchema), defaultValues: defaults });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = panel ?? own;
  const { fields, append, remove } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const variants = useWatch({ control, name: 'variants' }) ?? defaults.variants;
  const shares = variantShares(variants.map((variant) => Number(variant.weight)));
  const pending = start.isPending;
  const prefix = `experiment-${config.id}`;
  const listError = errors.variants?.root?.message ?? errors.variants?.message;

  const onSubmit = handleSubmit(({ variants: input }) => {
    setServerError(null);
    start.mutate(input, {
      onSuccess: () => {
        toast.success('Experiment started. Edit B in the UI editor, then Publish to start it for players.');
        onDone?.();
      },
      onError: (error) => setServerError(messageOf(error)),
    });
  });
  const add = () => {
    const next = nextVariant(variants);
    if (next) append(next, { focusName: `variants.${variants.length}.name` });
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        if (!onPanelSubmit) return void onSubmit(event);
        event.preventDefault();
        onPanelSubmit();
      }}
      aria-label="Variants"
    >
      <ol className={`${rows.list} ${styles.variants}`}>
        {fields.map((field, index) => {
          const storedVariant = stored ? isStoredVariant(stored.variants, field.id) : false;
          const nameId = `${prefix}-${index}-name`;
          const weightId = `${prefix}-${index}-weight`;
          const nameError = errors.variants?.[index]?.name?.message;
          const weightError = errors.variants?.[index]?.weight?.message;
          const share = shares[index];
          const label = variants[index]?.name || field.id;
          return (
            <li key={field.key} className={styles.variant}>
              <span className={styles.badge} aria-hidden>
                {field.id}
              </span>
              <div className={styles.fieldsRow}>
                <div className={`field ${styles.name}`}>
                  <label className="field-label" htmlFor={nameId}>
                    Name<span className="sr-only"> of variant {field.id}</span>
                  </label>
                  <input
                    id={nameId}
                    className="input"
                    autoComplete="off"
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? errorIdOf(nameId) : index === 0 ? `${nameId}-control` : undefined}
                    {...register(`variants.${index}.name`)}
                  />
                  {index === 0 ? (
                    <p className="hint" id={`${nameId}-control`}>
                      The control: the config’s current layout.
                    </p>
                  ) : null}
                  {nameError ? (
                    <p className="field-error" id={errorIdOf(nameId)}>
                      {nameError}
                    </p>
                  ) : null}
                </div>
                <div className={`field ${styles.weight}`}>
                  <label className="field-label" htmlFor={weightId}>
                    Weight<span className="sr-only"> of variant {field.id}</span>
                  </label>
                  <input
                    id={weightId}
                    className="input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    aria-invalid={weightError ? true : undefined}
                    aria-describedby={weightError ? errorIdOf(weightId) : `${weightId}-share`}
                    {...register(`variants.${index}.weight`, { valueAsNumber: true })}
                  />
                  <p className="hint" id={`${weightId}-share`}>
                    {share === null || share === undefined ? '—' : `${share} % of new players`}
                  </p>
                  {weightError ? (
                    <p className="field-error" id={errorIdOf(weightId)}>
                      {weightError}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className={styles.rowActions}>
                {storedVariant && index > 0 ? (
                  <Button asChild variant="ghost" size="sm">
                    <Link
                      to={`${paths.uiEditor('daily_rewards', config.id)}?variant=${encodeURIComponent(field.id)}`}
                      aria-label={`Edit layout of ${label}`}
                    >
                      <Pencil size={14} aria-hidden />
                      Edit layout
                    </Link>
                  </Button>
                ) : null}
                {!storedVariant && fields.length > EXPERIMENT_VARIANTS_MIN ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${label}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 size={14} aria-hidden />
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className={styles.formActions}>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={add}
          disabled={fields.length >= EXPERIMENT_VARIANTS_MAX || pending}
          title={fields.length >= EXPERIMENT_VARIANTS_MAX ? `At most ${EXPERIMENT_VARIANTS_MAX} variants.` : undefined}
        >
          <Plus size={14} aria-hidden />
          Add variant
        </Button>
        {panel ? null : (
          <div className={styles.buttons}>
            {onCancel ? (
              <Button type="button" variant="secondary" size="sm" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" size="sm" loading={pending}>
              Start experiment
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}

function PromoteDialog({
  gameId,
  config,
  experiment,
  open,
  onOpenChange,
}: {
  gameId: string;
  config: DailyReward;
  experiment: Experiment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const promote = usePromoteExperimentVariant(gameId, config.id);
  const [chosen, setChosen] = useState(experiment.variants[1]?.id ?? experiment.variants[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const winner = experiment.variants.find((variant) => variant.id === chosen);
  // The same comparison as the Analytics tab's (test players left out), read while the dialog is open, so the
  // confirmation says in words when the figures do not back the winner (issue 34 point 4, decision 053).
  const figures = useAnalytics({ gameId, configId: config.id, experimentId: experiment.id }, { enabled: open });
  const comparison = figures.data?.experiment;
  const warning = comparison && winner ? promoteWarning(comparison, winner.id) : null;
  const submit = () => {
    if (!winner) return;
    setError(null);
    promote.mutate(winner.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success(`${winner.name} promoted: its layout is the config’s now. Publish to show it to every player.`);
      },
      onError: (failure) => setError(messageOf(failure, 'The variant could not be promoted. Please try again.')),
    });
  };
  return (
    <FormDialog title="Promote a winner" open={open} onOpenChange={onOpenChange}>
      <form
        className={styles.promote}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className={styles.choices}>
          <legend className="field-label">Winner</legend>
          {experiment.variants.map((variant) => (
            <label key={variant.id} className={styles.choice}>
              <input
                type="radio"
                name="winner"
                value={variant.id}
                checked={chosen === variant.id}
                onChange={() => setChosen(variant.id)}
              />
              <span>
                {variant.name}
                {variant.control ? <span className="muted"> (the current layout)</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
        <p className="muted">
          {winner?.control
            ? `The config keeps its layout and the experiment ends with ${winner.name} as the winner.`
            : `${winner?.name ?? 'The variant'}’s layout replaces the config’s layout, and the experiment ends.`}{' '}
          Every player gets it from the next Publish. This cannot be undone.
        </p>
        {winner && !winner.control && figures.isPending ? (
          <p className="muted" role="status">
            Reading the comparison with {experiment.variants[0]?.name ?? 'the control'}…
          </p>
        ) : null}
        {winner && !winner.control && figures.isError ? (
          <Alert tone="error">
            The comparison could not be read, so nothing says whether {winner.name} does better: check Analytics before
            promoting.
          </Alert>
        ) : null}
        {warning ? <Alert tone="error">{warning}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={promote.isPending} disabled={!winner}>
            Promote {winner?.name ?? ''}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
