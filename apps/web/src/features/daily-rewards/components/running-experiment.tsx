import { useState } from 'react';
import { toast } from 'sonner';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Experiment } from '@liveops/domain/experiments';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useEndExperiment } from '../../../lib/api/daily-rewards/end-experiment';
import { formatLocalInstant } from '../../../lib/format-instant';
import type { VariantsFormState } from '../use-variants-form';
import styles from './experiment-section.module.css';
import section from './config-section.module.css';
import { experimentErrorMessage } from './experiment-error-message';
import { PromoteDialog } from './promote-dialog';
import { VariantsForm } from './variants-form';

/** The running experiment: its variants' edit, and the ways to end it (a winner, or none). */
export function RunningExperiment({
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
              onError: (error) =>
                setEndError(experimentErrorMessage(error, 'The experiment could not be ended. Please try again.')),
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
