import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { ExperimentSummary } from '@liveops/domain/experiments';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import own from './experiment-comparison.module.css';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayOf = (instant: string) => day.format(new Date(instant));
const daysOf = (from: string, to: string) => day.formatRange(new Date(from), new Date(to));

/**
 * An experiment as the picker names it: when it ran and how it ended first, its variants last (a phone's closed
 * select shows the start of the label, and the comparison below names the variants), e.g. "Jun 1 – 10, 2026: Big
 * chest promoted · A, Big chest" or "Running since Jun 1, 2026 · A, Big chest".
 */
export function experimentOptionLabel(experiment: ExperimentSummary): string {
  const names = experiment.variants.map((variant) => variant.name).join(', ');
  if (experiment.status === 'running') return `Running since ${dayOf(experiment.startedAt)} · ${names}`;
  const winner = experiment.variants.find((variant) => variant.id === experiment.winnerVariantId)?.name;
  const when = experiment.endedAt ? daysOf(experiment.startedAt, experiment.endedAt) : dayOf(experiment.startedAt);
  return `${when}: ${winner ? `${winner} promoted` : 'no winner'} · ${names}`;
}

/** Which of the config's experiments the comparison reads, like the tab's other pickers (a labelled select). */
export function ExperimentPicker({
  experiments,
  value,
  onChange,
}: {
  experiments: readonly ExperimentSummary[];
  value: string;
  onChange: (experimentId: string) => void;
}) {
  const selectId = useId();
  return (
    <div className={own.picker}>
      <Field label="Experiment" htmlFor={selectId}>
        <select id={selectId} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
          {experiments.map((experiment) => (
            <option key={experiment.id} value={experiment.id}>
              {experimentOptionLabel(experiment)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** A config that has never run an A/B test: what the section would show and where to start one. */
export function NoExperiments({ gameId }: { gameId: string }) {
  const headingId = useId();
  return (
    <section className="panel empty-state" aria-labelledby={headingId}>
      <FlaskConical size={28} aria-hidden className="placeholder-icon" />
      <h2 className="panel-title" id={headingId}>
        No experiments yet
      </h2>
      <p className="muted">
        This daily reward has not run an A/B test of its popup. Start one in{' '}
        <Link to={paths.game(gameId, 'daily-rewards')}>Daily Rewards</Link> to compare its variants here.
      </p>
    </section>
  );
}
