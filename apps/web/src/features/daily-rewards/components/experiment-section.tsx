import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { EXPERIMENT_VARIANTS_MAX, EXPERIMENT_VARIANTS_MIN } from '@liveops/domain/experiments';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { Button } from '../../../components/ui/button';
import { configExperiment } from '../../../lib/api/daily-rewards/config-experiment';
import type { VariantsFormState } from '../use-variants-form';
import styles from './experiment-section.module.css';
import section from './config-section.module.css';
import { RunningExperiment } from './running-experiment';
import { VariantsForm } from './variants-form';

/**
 * A config's A/B test of its popup (decision 046): two to four variants with names and weights.
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
