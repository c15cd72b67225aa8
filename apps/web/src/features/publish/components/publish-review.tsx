import { FlaskConical, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  PUBLISH_NOTE_MAX,
  releaseChanges,
  type ConfigChange,
  type PublishInput,
  type PublishPreview,
  type PublishProblem,
  type Release,
} from '@liveops/domain/releases';
import { Alert } from '../../../components/ui/alert';
import { variantShares } from '../../../lib/variant-shares';
import { Button } from '../../../components/ui/button';
import shared from '../publish.module.css';
import styles from './publish-review.module.css';

/** The review's buttons, named for the browser tests too. */
export const PUBLISH_REVIEW_LABELS = {
  publish: 'Publish',
  publishOthers: 'Publish without them',
  cancel: 'Cancel',
} as const;

/** A config's row in a review: what a player's page of it will be, or that this publish leaves it out. */
type ReviewRow = { id: string; name: string; change: ConfigChange['change'] | 'left out' };

const CHANGE_LABELS: Record<ReviewRow['change'], string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  removed: 'Removed',
  'left out': 'Left out',
};

/** Green when players get the config, red when they lose it or never get it. */
const CHANGE_TONE: Record<ReviewRow['change'], string | undefined> = {
  new: styles.reachesPlayers,
  changed: styles.reachesPlayers,
  unchanged: undefined,
  removed: styles.leavesPlayers,
  'left out': styles.leavesPlayers,
};

const CHANGE_HELP: Record<ReviewRow['change'], string> = {
  new: 'players get it for the first time',
  changed: 'players see the new version',
  unchanged: 'stays exactly as it is',
  removed: 'players no longer get it',
  'left out': 'not published, never was',
};

/** A config's running A/B test (decision 046) as the review names it: each variant and its share of players. */
export type ReviewExperiment = { configId: string; variants: readonly { name: string; weight: number }[] };

/** "A/B test: A 50 %, Big chest 50 %": each variant's weight as its share of the players, as the runtime assigns. */
export function experimentLine(variants: ReviewExperiment['variants']): string {
  const shares = variantShares(variants.map((variant) => variant.weight));
  return `A/B test: ${variants.map((variant, at) => `${variant.name} ${shares[at] ?? 0} %`).join(', ')}`;
}

/** What a config's players will get: its variants when it runs a test, unless the publish removes or leaves it out. */
const publishesVariants = (change: ReviewRow['change']) => change !== 'removed' && change !== 'left out';

/** The configs of a review, each with what will change for players, and the variants of any running A/B test. */
export function ChangeList({
  rows,
  label,
  experiments = [],
}: {
  rows: readonly ReviewRow[];
  label: string;
  experiments?: readonly ReviewExperiment[];
}) {
  const counts = rows.reduce<Partial<Record<ReviewRow['change'], number>>>(
    (all, row) => ({ ...all, [row.change]: (all[row.change] ?? 0) + 1 }),
    {},
  );
  const summary = (Object.keys(CHANGE_LABELS) as ReviewRow['change'][])
    .filter((kind) => counts[kind])
    .map((kind) => `${counts[kind]} ${CHANGE_LABELS[kind].toLowerCase()}`)
    .join(' · ');
  return (
    <div>
      <p className={`muted ${styles.summary}`}>{summary}</p>
      <ul className={styles.changes} aria-label={label}>
        {rows.map((row) => (
          <li key={row.id} className={styles.change}>
            <span className={[styles.kind, CHANGE_TONE[row.change]].filter(Boolean).join(' ')}>
              {CHANGE_LABELS[row.change]}
            </span>
            <span className={styles.changeName}>{row.name}</span>
            <span className={`muted ${styles.changeHelp}`}>{CHANGE_HELP[row.change]}</span>
            {(() => {
              const experiment = experiments.find((entry) => entry.configId === row.id);
              if (!experiment || !publishesVariants(row.change)) return null;
              return (
                <span className={styles.experiment}>
                  <FlaskConical size={12} aria-hidden /> {experimentLine(experiment.variants)} &mdash; each player gets
                  their variant&rsquo;s popup
                </span>
              );
            })()}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The problems that keep configs from showing a proper popup, each naming its config, days and what is wrong. */
export function ProblemList({ problems, intro }: { problems: readonly PublishProblem[]; intro: string }) {
  return (
    <Alert tone="error">
      <div role="alert">
        <p className={styles.problemsIntro}>{intro}</p>
        <ul className={styles.problems}>
          {problems.map((problem) => (
            <li key={`${problem.configId}-${problem.code}-${problem.message}`}>
              <TriangleAlert size={14} aria-hidden /> {problem.message}
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}

const problemIntro = (configs: number) =>
  `${configs === 1 ? 'One config' : `${configs} configs`} could not show a proper popup, so ${configs === 1 ? 'it blocks' : 'they block'} this publish:`;

/**
 * Decision 029: Publish Now asks first. Every config against the live release; configs with problems block the
 * publish unless the studio explicitly chooses to publish the others and leave those out; an optional note.
 */
export function PublishReview({
  preview,
  live,
  busy,
  onCancel,
  onPublish,
}: {
  /** What the publish would write, with each config's running A/B test, whose variants' popups it writes too. */
  preview: PublishPreview;
  live: Release | null;
  busy: boolean;
  onCancel: () => void;
  onPublish: (input: PublishInput) => void;
}) {
  const [leaveOut, setLeaveOut] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const publishButton = useRef<HTMLButtonElement>(null);
  const leaveOutBox = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const broken = new Set(preview.problems.map((problem) => problem.configId));
  const brokenNames = preview.configs.filter((config) => broken.has(config.id)).map((config) => config.name);
  const others = preview.configs.filter((config) => !broken.has(config.id));
  const blocked = broken.size > 0 && !leaveOut;
  const experiments: ReviewExperiment[] = preview.configs.flatMap((config) =>
    config.experiment ? [{ configId: config.id, variants: config.experiment.variants }] : [],
  );

  // The review replaces the Publish Now button that opened it: focus goes to its answer, not to the dialog's
  // frame (decision 056). Publish when nothing blocks it; else the choice that unblocks it, or Cancel.
  useEffect(() => {
    (publishButton.current?.disabled === false
      ? publishButton.current
      : (leaveOutBox.current ?? cancelButton.current)
    )?.focus();
  }, []);

  const rows: ReviewRow[] = leaveOut
    ? [
        ...releaseChanges(live?.artifacts ?? [], others),
        ...preview.configs
          .filter((config) => broken.has(config.id) && !live?.artifacts.some((a) => a.id === config.id))
          .map((config) => ({ id: config.id, name: config.name, change: 'left out' as const })),
      ]
    : preview.changes;

  return (
    <section className={styles.review} aria-labelledby="publish-review-heading">
      <h3 className={`${shared.heading} ${styles.title}`} id="publish-review-heading">
        {preview.liveVersion === null
          ? 'Review the first release'
          : `Review what changes against release ${preview.liveVersion}`}
      </h3>
      {broken.size > 0 && <ProblemList problems={preview.problems} intro={problemIntro(broken.size)} />}
      <ChangeList rows={rows} label="Configs in this publish" experiments={experiments} />
      {broken.size > 0 && others.length > 0 && (
        <label className={styles.leaveOut}>
          <input
            ref={leaveOutBox}
            type="checkbox"
            checked={leaveOut}
            onChange={(event) => setLeaveOut(event.target.checked)}
          />
          <span>
            Publish the others and leave out {brokenNames.map((name) => `“${name}”`).join(', ')}
            {live?.artifacts.some((a) => broken.has(a.id)) ? ' (players will no longer get what is live of it)' : ''}
          </span>
        </label>
      )}
      <div className={styles.note}>
        <label htmlFor={noteId}>Note for the history (optional)</label>
        <textarea
          id={noteId}
          className="input"
          rows={2}
          maxLength={PUBLISH_NOTE_MAX}
          value={note}
          placeholder="What this release is for, e.g. Spring event art"
          onChange={(event) => setNote(event.target.value)}
        />
        <span className={`muted ${styles.noteCount}`} aria-live="polite">
          {note.length} / {PUBLISH_NOTE_MAX}
        </span>
      </div>
      <div className="dialog-actions">
        <Button ref={cancelButton} variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={publishButton}
          disabled={blocked || busy}
          onClick={() =>
            onPublish({
              ...(note.trim() ? { note } : {}),
              ...(leaveOut ? { leaveOut: [...broken] } : {}),
            })
          }
        >
          {leaveOut ? PUBLISH_REVIEW_LABELS.publishOthers : PUBLISH_REVIEW_LABELS.publish}
        </Button>
      </div>
    </section>
  );
}

/** Rollback asks first too: each config of the chosen release against the live one. */
export function RollbackReview({
  target,
  live,
  busy,
  onCancel,
  onConfirm,
}: {
  target: Release;
  live: Release | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <section className={styles.review} aria-labelledby="publish-rollback-heading">
      <h3 className={`${shared.heading} ${styles.title}`} id="publish-rollback-heading">
        Make release {target.version} live again{live ? ` instead of release ${live.version}` : ''}?
      </h3>
      <ChangeList rows={releaseChanges(live?.artifacts ?? [], target.artifacts)} label="Configs after the rollback" />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={busy} onClick={onConfirm}>
          Make release {target.version} live
        </Button>
      </div>
    </section>
  );
}
