import { CheckCircle2, CircleDashed, ExternalLink, History, RotateCcw, TriangleAlert, Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  PUBLISH_MESSAGES,
  type PublishedArtifact,
  type PublishInput,
  type PublishPreview,
  type PublishProblem,
  type Release,
} from '@liveops/domain/releases';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useMakeReleaseLive } from '../../../lib/api/releases/make-release-live';
import { getPublishPreview } from '../../../lib/api/releases/get-publish-preview';
import { publishGame, PublishRefused } from '../../../lib/api/releases/publish-game';
import { useReleases } from '../../../lib/api/releases/get-releases';
import { ProblemList, PublishReview, RollbackReview } from './publish-review';
import shared from '../publish.module.css';
import styles from './publish-packs.module.css';

type Progress = { total: number; done: { id: string; name: string }[]; version: number };
type Run =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'review'; preview: PublishPreview }
  | { state: 'rollback'; version: number }
  | { state: 'publishing'; progress: Progress | null }
  | { state: 'done'; release: Release }
  | { state: 'failed'; message: string; problems?: PublishProblem[] };

/** A missing session says "Not authenticated"; any other failure its own message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return PUBLISH_MESSAGES.notAuthenticated;
  if (error instanceof Error && error.message) return error.message;
  return PUBLISH_MESSAGES.storageFailed('unknown error');
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A release's place in the history: when it was published (a rollback never changes it) and by whom. */
function ReleaseMeta({ release }: { release: Release }) {
  const published = release.finishedAt ?? release.createdAt;
  const liveAgain = release.live && release.liveSince && release.liveSince !== release.finishedAt;
  return (
    <span className={styles.releaseMeta}>
      <span className="muted">
        <time dateTime={published}>{dateTime.format(new Date(published))}</time>
        {release.publishedBy ? ` · by ${release.publishedBy}` : ''}
        {liveAgain ? ` · live again since ${dateTime.format(new Date(release.liveSince!))}` : ''}
      </span>
      {release.note && <span className={styles.releaseNote}>“{release.note}”</span>}
    </span>
  );
}

/** A release's status: green while live, red when it failed. */
const statusClass = (release: Release) =>
  [styles.status, release.live ? styles.statusLive : release.status === 'failed' ? styles.statusFailed : null]
    .filter(Boolean)
    .join(' ');

function ArtifactList({ artifacts }: { artifacts: readonly PublishedArtifact[] }) {
  return (
    <div className={styles.tableWrap}>
      {/* Explicit roles: on a phone the rows are laid out as blocks, which would drop a table's semantics. */}
      <table className={styles.table} role="table">
        <caption className="sr-only">Uploaded artifacts</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Feature
            </th>
            <th scope="col" role="columnheader">
              ID
            </th>
            <th scope="col" role="columnheader">
              HTML
            </th>
            <th scope="col" role="columnheader">
              Config
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {artifacts.map((artifact) => (
            <tr key={artifact.id} role="row">
              <td role="cell">
                <span className={styles.feature}>{artifact.featureType}</span>
                <span className={`muted ${styles.name}`}>{artifact.name}</span>
              </td>
              <td role="cell">
                <code className={styles.id}>{artifact.id}</code>
              </td>
              <td role="cell">
                <a href={artifact.htmlUrl} target="_blank" rel="noreferrer" className={styles.link}>
                  HTML <ExternalLink size={12} aria-hidden />
                </a>
              </td>
              <td role="cell">
                <a href={artifact.configUrl} target="_blank" rel="noreferrer" className={styles.link}>
                  Config <ExternalLink size={12} aria-hidden />
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Publish Packs" and its modal: publish every daily reward of the game, with progress per config; the
 * artifacts of the live release; the release history with rollback (decision 019). Errors in a red box.
 */
export function PublishPacks({ gameId }: { gameId: string | null }) {
  const [open, setOpen] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const releases = useReleases(gameId ?? '', open && gameId !== null);
  const makeLive = useMakeReleaseLive(gameId ?? '');
  const busy = run.state === 'publishing' || run.state === 'checking' || makeLive.isPending;

  /** Publish Now asks first (decision 029): what would change, and what blocks it. */
  const review = async () => {
    if (!gameId) {
      setRun({ state: 'failed', message: PUBLISH_MESSAGES.noGameSelected });
      return;
    }
    setRun({ state: 'checking' });
    makeLive.reset();
    try {
      const preview = await getPublishPreview(gameId);
      if (preview.configs.length === 0) setRun({ state: 'failed', message: PUBLISH_MESSAGES.noConfigs });
      else setRun({ state: 'review', preview });
    } catch (error) {
      setRun({ state: 'failed', message: messageOf(error) });
    }
  };

  const start = async (input: PublishInput) => {
    if (!gameId) return;
    setRun({ state: 'publishing', progress: null });
    makeLive.reset();
    try {
      const release = await publishGame(
        gameId,
        (event) => {
          if (event.type === 'started') {
            setRun({ state: 'publishing', progress: { total: event.total, done: [], version: event.version } });
          } else if (event.type === 'progress') {
            setRun((current) =>
              current.state === 'publishing' && current.progress
                ? {
                    state: 'publishing',
                    progress: {
                      ...current.progress,
                      done: [...current.progress.done, { id: event.id, name: event.name }],
                    },
                  }
                : current,
            );
          }
        },
        input,
      );
      setRun({ state: 'done', release });
      toast.success(`Release ${release.version} is live`);
    } catch (error) {
      setRun({
        state: 'failed',
        message: messageOf(error),
        ...(error instanceof PublishRefused ? { problems: error.problems } : {}),
      });
    } finally {
      void releases.refetch();
    }
  };

  const rollBack = (version: number) =>
    makeLive.mutate(version, {
      onSuccess: () => {
        setRun({ state: 'idle' });
        toast.success(`Release ${version} is live again`);
      },
    });

  const data = releases.data;
  const live = data?.releases.find((r) => r.live) ?? null;
  const shown = run.state === 'done' ? run.release : run.state === 'idle' ? live : null;
  const rollbackTarget =
    run.state === 'rollback' ? (data?.releases.find((r) => r.version === run.version) ?? null) : null;
  const error =
    run.state === 'failed' && !run.problems?.length
      ? run.message
      : makeLive.error
        ? messageOf(makeLive.error)
        : releases.error
          ? messageOf(releases.error)
          : null;

  return (
    <FormDialog
      title="Publish Resource Packs"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && run.state !== 'publishing') setRun({ state: 'idle' });
      }}
      wide
      trigger={
        <button type="button" className="btn btn-secondary btn-block">
          <Upload size={16} aria-hidden />
          Publish Packs
        </button>
      }
    >
      <div className={styles.publish}>
        <p className={`muted ${styles.explain}`}>{PUBLISH_MESSAGES.explanation}</p>
        <dl className={styles.addresses}>
          <dt>Static page</dt>
          <dd>
            {!data ? (
              <span className="muted">Loading…</span>
            ) : live && live.artifacts.length > 0 ? (
              // This game's own pages (one per daily reward), not the product's sample page (decision 056).
              <ul className={styles.pages}>
                {live.artifacts.map((artifact) => (
                  <li key={artifact.id}>
                    <span className="muted">{artifact.name}: </span>
                    <a href={artifact.htmlUrl} target="_blank" rel="noreferrer" className={styles.link}>
                      <code>{artifact.htmlUrl}</code>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">{PUBLISH_MESSAGES.noPageYet}</span>
            )}
          </dd>
          <dt>Manifest</dt>
          <dd>
            {!data ? (
              <span className="muted">Loading…</span>
            ) : live ? (
              <a href={data.manifestUrl} target="_blank" rel="noreferrer" className={styles.link}>
                <code>{data.manifestUrl}</code>
              </a>
            ) : (
              // Not a link before the first publish: there is no file there yet (it would answer 404).
              <span className={styles.pending}>
                <code>{data.manifestUrl}</code>
                <span className="muted">{PUBLISH_MESSAGES.noManifestYet}</span>
              </span>
            )}
          </dd>
        </dl>

        {error && (
          <Alert tone="error">
            <span role="alert">{error}</span>
          </Alert>
        )}
        {run.state === 'failed' && run.problems?.length ? (
          <ProblemList problems={run.problems} intro={run.message} />
        ) : null}

        {run.state === 'review' && (
          <PublishReview
            preview={run.preview}
            live={live}
            busy={busy}
            onCancel={() => setRun({ state: 'idle' })}
            onPublish={(input) => void start(input)}
          />
        )}
        {rollbackTarget && (
          <RollbackReview
            target={rollbackTarget}
            live={live}
            busy={busy}
            onCancel={() => setRun({ state: 'idle' })}
            onConfirm={() => rollBack(rollbackTarget.version)}
          />
        )}

        {run.state === 'publishing' && (
          <section className={styles.progress} aria-live="polite" aria-label="Progress">
            <div className={styles.progressHead}>
              <span>{run.progress ? `Release ${run.progress.version}` : 'Starting…'}</span>
              <span className="muted">
                {run.progress ? `${run.progress.done.length} of ${run.progress.total} configs` : ''}
              </span>
            </div>
            <progress
              className={styles.bar}
              max={run.progress?.total ?? 1}
              value={run.progress?.done.length ?? 0}
              aria-label="Configs written"
            />
            <ul className={styles.steps}>
              {run.progress?.done.map((step) => (
                <li key={step.id}>
                  <CheckCircle2 size={14} aria-hidden className={styles.ok} /> {step.name}
                </li>
              ))}
            </ul>
          </section>
        )}

        {shown && shown.artifacts.length > 0 && (
          <section aria-labelledby="publish-artifacts-heading">
            <h3 className={shared.heading} id="publish-artifacts-heading">
              Uploaded artifacts <span className="muted">· release {shown.version}</span>
            </h3>
            <ArtifactList artifacts={shown.artifacts} />
            {shown.warnings.length > 0 && (
              <ul className={styles.warnings}>
                {shown.warnings.map((warning) => (
                  <li key={warning}>
                    <TriangleAlert size={14} aria-hidden /> {warning}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {run.state === 'idle' && data && data.releases.length === 0 && (
          <p className={`muted ${styles.empty}`}>Nothing published yet. Publish Now writes the first release.</p>
        )}

        {data && data.releases.length > 0 && (
          <section aria-labelledby="publish-history-heading">
            <h3 className={shared.heading} id="publish-history-heading">
              <History size={16} aria-hidden /> Releases
            </h3>
            <ul className={styles.history}>
              {data.releases.map((release) => (
                // publish-release and publish-version: the browser tests' hooks.
                <li key={release.version} className={`publish-release ${styles.release}`}>
                  <span className={`publish-version ${styles.version}`}>v{release.version}</span>
                  <ReleaseMeta release={release} />
                  <span className={statusClass(release)}>
                    {release.live
                      ? 'Live'
                      : release.status === 'ready'
                        ? 'Ready'
                        : release.status === 'failed'
                          ? 'Failed'
                          : 'Writing'}
                  </span>
                  <span className={`muted ${styles.count}`}>
                    {release.status === 'failed'
                      ? (release.error ?? '')
                      : `${release.artifacts.length} config${release.artifacts.length === 1 ? '' : 's'}`}
                  </span>
                  {release.status === 'ready' && !release.live && (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => {
                        makeLive.reset();
                        setRun({ state: 'rollback', version: release.version });
                      }}
                      aria-label={`Make release ${release.version} live…`}
                    >
                      <RotateCcw size={14} aria-hidden /> Make live…
                    </Button>
                  )}
                  {release.status === 'writing' && <CircleDashed size={14} aria-hidden className="spin" />}
                </li>
              ))}
            </ul>
          </section>
        )}

        {run.state !== 'review' && run.state !== 'rollback' && (
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button onClick={() => void review()} disabled={busy}>
              {run.state === 'publishing'
                ? PUBLISH_MESSAGES.publishing
                : run.state === 'checking'
                  ? PUBLISH_MESSAGES.checking
                  : PUBLISH_MESSAGES.publishNow}
            </Button>
          </div>
        )}
      </div>
    </FormDialog>
  );
}
