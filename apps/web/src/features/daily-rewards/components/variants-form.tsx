import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EXPERIMENT_VARIANTS_MAX, EXPERIMENT_VARIANTS_MIN, type Experiment } from '@liveops/domain/experiments';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import rows from '../../../components/row-list.module.css';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useStartExperiment } from '../../../lib/api/daily-rewards/start-experiment';
import {
  ExperimentFormSchema,
  isStoredVariant,
  newExperimentVariants,
  nextVariant,
  variantShares,
  type ExperimentFormValues,
} from '../experiment-draft';
import styles from './experiment-section.module.css';
import { experimentErrorMessage } from './experiment-error-message';

/**
 * The variants' names and weights: the start of an experiment (stored null, its own Start button) or the running
 * one's edit, whose form is the panel's (`panel`), saved by the panel's one save (decision 055).
 */
export function VariantsForm({
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
  const variants = useWatch({ control, name: 'variants' });
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
      onError: (error) => setServerError(experimentErrorMessage(error)),
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
