import { Trophy } from 'lucide-react';
import { lazy, useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { promoteWarning, type ExperimentComparison } from '@liveops/domain/experiments';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import rows from '../../../components/row-list.module.css';
import { Button } from '../../../components/ui/button';
import { usePromoteExperimentVariant } from '../../../lib/api/daily-rewards/promote-experiment-variant';
import { formatLocalInstant } from '../../../lib/format-instant';
import { csvRate, formatRateOf, toCsv } from '../analytics-figures';
import styles from './analytics.module.css';
import { ChartCard } from './chart-card';
import own from './experiment-comparison.module.css';

const ExperimentChart = lazy(() => import('./experiment-chart').then((m) => ({ default: m.ExperimentChart })));

/**
 * The Analytics tab's A/B test of a config's popup (decision 046): each variant's claim rate and day-7 reach
 * over the days the experiment ran, each compared with the control in a plain sentence with its confidence
 * (decision 042), as a chart, a table and a CSV; while it runs, a variant can be promoted from here.
 */
export function ExperimentComparisonSection({
  gameId,
  configId,
  experiment,
  fileStem,
  picker,
  includesTestPlayers = false,
}: {
  gameId: string;
  configId: string;
  experiment: ExperimentComparison;
  fileStem: string;
  /** Which of the config's experiments this is (ExperimentPicker), under the heading. */
  picker?: ReactNode;
  /** The figures count the game's test players (the tab's switch); by default they are left out. */
  includesTestPlayers?: boolean;
}) {
  const headingId = useId();
  const promote = usePromoteExperimentVariant(gameId, configId);
  const control = experiment.variants[0];
  const nameOf = (variantId: string) =>
    experiment.variants.find((variant) => variant.id === variantId)?.name ?? variantId;
  const days = `${experiment.from} to ${experiment.to} (UTC)`;
  const running = experiment.status === 'running';
  const state = running
    ? `Running since ${formatLocalInstant(Date.parse(experiment.startedAt))}.`
    : `Ended ${experiment.endedAt ? formatLocalInstant(Date.parse(experiment.endedAt)) : ''}${
        experiment.winnerVariantId ? `: ${nameOf(experiment.winnerVariantId)} was promoted.` : ' without a winner.'
      }`;
  const summary = `Claim rate and day-7 reach by variant, ${days}: ${experiment.variants
    .map(
      (variant) =>
        `${variant.name} ${formatRateOf(variant.claimRate, variant.players)} and ${formatRateOf(variant.day7Rate, variant.startedCycle)}`,
    )
    .join('; ')}.`;

  const promoteVariant = (variantId: string) =>
    promote.mutate(variantId, {
      onSuccess: () =>
        toast.success(
          `${nameOf(variantId)} promoted: its layout is the config’s now. Publish to show it to every player.`,
        ),
      onError: (error) => toast.error(error.message || 'The variant could not be promoted. Please try again.'),
    });

  return (
    <>
      <section className={`panel ${own.experiment}`} aria-labelledby={headingId}>
        <h2 className="panel-title" id={headingId}>
          Experiment
        </h2>
        {picker}
        <p className="muted">
          {state} Figures of {days}, in player-days
          {includesTestPlayers ? ', test players included' : ', test players left out'}. Each variant is compared with{' '}
          {control?.name ?? 'the first'} (the control).
        </p>
        <ul className={`${rows.list} ${own.sentences}`} aria-label="Comparisons with the control">
          {experiment.comparisons.map((comparison) => (
            <li key={comparison.variantId}>
              <strong>{nameOf(comparison.variantId)}</strong>
              <span>{sentence(comparison.claimRate.sentence)}</span>
              <span>{sentence(comparison.day7.sentence)}</span>
            </li>
          ))}
        </ul>
        {running && experiment.variants.length > 1 ? (
          <div className={own.actions}>
            {experiment.variants.slice(1).map((variant) => (
              <ConfirmDialog
                key={variant.id}
                title={`Promote ${variant.name}?`}
                description={`${variant.name}’s layout replaces the config’s layout and the experiment ends. Every player gets it from the next Publish. This cannot be undone.`}
                confirmLabel={`Promote ${variant.name}`}
                danger={false}
                warning={promoteWarning(experiment, variant.id)}
                onConfirm={() => promoteVariant(variant.id)}
                trigger={
                  <Button variant="secondary" size="sm" loading={promote.isPending && promote.variables === variant.id}>
                    <Trophy size={14} aria-hidden /> Promote {variant.name}
                  </Button>
                }
              />
            ))}
          </div>
        ) : null}
      </section>
      <ChartCard
        title="Experiment variants"
        description="Claim rate: claimed ÷ saw the variant. Day-7 reach: reached day 7 ÷ started a cycle (day 1)."
        summary={summary}
        chart={<ExperimentChart variants={experiment.variants} />}
        csv={{
          fileName: `${fileStem}-experiment-${experiment.id}-${experiment.from}-${experiment.to}${includesTestPlayers ? '-with-test-players' : ''}.csv`,
          build: () =>
            toCsv(
              [
                'variant',
                'name',
                'weight',
                'control',
                'players',
                'claimed',
                'claim_rate',
                'started_cycle',
                'reached_day_7',
                'day7_rate',
                'claim_rate_vs_control',
                'claim_rate_confidence',
                'day7_vs_control',
                'day7_confidence',
              ],
              experiment.variants.map((variant) => {
                const comparison = experiment.comparisons.find((entry) => entry.variantId === variant.id);
                return [
                  variant.id,
                  variant.name,
                  variant.weight,
                  variant.control ? 'yes' : 'no',
                  variant.players,
                  variant.claimed,
                  csvRate(variant.claimRate),
                  variant.startedCycle,
                  variant.reachedDay7,
                  csvRate(variant.day7Rate),
                  comparison?.claimRate.sentence ?? null,
                  csvRate(comparison?.claimRate.confidence ?? null),
                  comparison?.day7.sentence ?? null,
                  csvRate(comparison?.day7.confidence ?? null),
                ];
              }),
            ),
        }}
        table={
          <table className={styles.table}>
            <caption className="sr-only">Variants of the experiment, {days}</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col" className={styles.number}>
                  Weight
                </th>
                <th scope="col" className={styles.number}>
                  Saw it (n)
                </th>
                <th scope="col" className={styles.number}>
                  Claimed
                </th>
                <th scope="col" className={styles.number}>
                  Claim rate
                </th>
                <th scope="col" className={styles.number}>
                  Started a cycle (n)
                </th>
                <th scope="col" className={styles.number}>
                  Reached day 7
                </th>
                <th scope="col" className={styles.number}>
                  Day-7 reach
                </th>
              </tr>
            </thead>
            <tbody>
              {experiment.variants.map((variant) => (
                <tr key={variant.id}>
                  <th scope="row">
                    {variant.name}
                    {variant.control ? <span className="muted"> (control)</span> : null}
                    {experiment.winnerVariantId === variant.id ? <span className="muted"> (winner)</span> : null}
                  </th>
                  <td className={styles.number}>{variant.weight}</td>
                  <td className={styles.number}>{variant.players}</td>
                  <td className={styles.number}>{variant.claimed}</td>
                  <td className={styles.number}>{formatRateOf(variant.claimRate, variant.players)}</td>
                  <td className={styles.number}>{variant.startedCycle}</td>
                  <td className={styles.number}>{variant.reachedDay7}</td>
                  <td className={styles.number}>{formatRateOf(variant.day7Rate, variant.startedCycle)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  );
}

/** significance.ts's sentences end without a full stop when they carry a confidence. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
