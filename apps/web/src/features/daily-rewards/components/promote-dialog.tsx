import { useState } from 'react';
import { toast } from 'sonner';
import { promoteWarning, type Experiment } from '@liveops/domain/experiments';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useAnalytics } from '../../../lib/api/analytics/get-analytics';
import { usePromoteExperimentVariant } from '../../../lib/api/daily-rewards/promote-experiment-variant';
import styles from './experiment-section.module.css';
import { experimentErrorMessage } from './experiment-error-message';

/** Ends the experiment with a winner, warning when the comparison does not back it. */
export function PromoteDialog({
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
  // confirmation says in words when the figures do not back the winner (decision 053).
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
      onError: (failure) =>
        setError(experimentErrorMessage(failure, 'The variant could not be promoted. Please try again.')),
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
