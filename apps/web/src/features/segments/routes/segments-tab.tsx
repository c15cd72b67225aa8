import { Pencil, SearchX, Trash2, Users, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { SEGMENT_MESSAGES } from '@liveops/domain/segments';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { useDeleteSegment } from '../../../lib/api/segments/delete-segment';
import { useSegments } from '../../../lib/api/segments/get-segments';
import { PageHeader } from '../../../components/page-header';
import { Page } from '../../../components/page';
import { CustomAttributesEditor } from '../components/custom-attributes-editor';
import { SegmentAudience } from '../components/segment-audience';
import { SegmentForm } from '../components/segment-form';
import { SegmentTester } from '../components/segment-tester';
import rows from '../../../components/row-list.module.css';
import segmentStyles from '../segments.module.css';
import styles from './segments-tab.module.css';

/**
 * /dashboard/game/:gameId/segments[/:segmentId]: the game's segments; with a segmentId, that segment opened to
 * edit and to test.
 */
export function SegmentsTab() {
  const { gameId = '', segmentId } = useParams();
  const navigate = useNavigate();
  const close = () => void navigate(paths.game(gameId, 'segments'));
  const segments = useSegments(gameId);
  const remove = useDeleteSegment(gameId);
  // The New form belongs to the list without a segment open: opening a segment closes it, and "+ Create Segment"
  // closes the open segment, so New and Edit are never open at once.
  const [creatingOn, setCreatingOn] = useState(false);
  const creating = creatingOn && !segmentId;
  const [seenSegmentId, setSeenSegmentId] = useState(segmentId);
  if (seenSegmentId !== segmentId) {
    setSeenSegmentId(segmentId);
    if (segmentId) setCreatingOn(false);
  }
  const startCreating = () => {
    setCreatingOn(true);
    if (segmentId) close();
  };
  const selected = segmentId ? segments.data?.find((s) => s.id === segmentId) : undefined;

  return (
    <Page>
      <PageHeader
        title="Player Segments"
        intro="Rules in CEL that decide which players see what."
        actions={
          <Button onClick={startCreating} disabled={creating}>
            + Create Segment
          </Button>
        }
      />
      {creating ? (
        <section className="panel">
          <h2 className="panel-title">New segment</h2>
          <SegmentForm gameId={gameId} onDone={() => setCreatingOn(false)} />
        </section>
      ) : null}
      {segmentId && segments.isPending ? (
        <section className="panel" aria-busy="true">
          <p className="muted">Loading segment…</p>
        </section>
      ) : null}
      {segmentId && segments.data && !selected ? (
        <div className="panel empty-state" role="alert">
          <SearchX size={28} aria-hidden className="placeholder-icon" />
          <p>{SEGMENT_MESSAGES.notFound}</p>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.game(gameId, 'segments')}>← All segments</Link>
          </Button>
        </div>
      ) : null}
      {selected ? (
        <section className="panel" aria-labelledby="segment-edit-heading">
          <div className={styles.panelHeader}>
            <h2 className="panel-title" id="segment-edit-heading">
              Edit {selected.name}
            </h2>
            <button type="button" className="icon-button" aria-label="Close segment" onClick={close}>
              <X size={18} aria-hidden />
            </button>
          </div>
          <SegmentAudience gameId={gameId} segmentId={selected.id} detailed />
          {/* Keyed by segment: its save line outlives the save; the form follows what is stored by itself. */}
          <SegmentForm key={selected.id} gameId={gameId} segment={selected} onDone={() => undefined} />
        </section>
      ) : null}
      {selected ? <SegmentTester key={selected.id} segment={selected} /> : null}
      <section className="panel" aria-labelledby="segments-heading">
        <h2 className="panel-title" id="segments-heading">
          Segments
        </h2>
        {segments.isPending ? (
          <p className="muted">Loading segments…</p>
        ) : segments.isError ? (
          <LoadError message="Could not load segments." onRetry={() => void segments.refetch()} />
        ) : segments.data.length === 0 ? (
          <div className="empty-state">
            <Users size={28} aria-hidden className="placeholder-icon" />
            <p>{SEGMENT_MESSAGES.empty}</p>
          </div>
        ) : (
          <ul className={rows.list}>
            {segments.data.map((segment) => (
              <li
                key={segment.id}
                // segment-row: how tests find a segment's row.
                className={`segment-row ${styles.row} ${segment.id === segmentId ? styles.selected : ''}`}
              >
                <div className={styles.main}>
                  <p className={segmentStyles.name}>{segment.name}</p>
                  {segment.description ? <p className={`muted ${styles.description}`}>{segment.description}</p> : null}
                  <code className={segmentStyles.expression}>{segment.expression}</code>
                  <SegmentAudience gameId={gameId} segmentId={segment.id} />
                </div>
                <div className={rows.actions}>
                  <Button asChild variant="secondary" size="sm">
                    <Link
                      to={paths.segment(gameId, segment.id)}
                      aria-label={`Edit & test ${segment.name}`}
                      aria-current={segment.id === segmentId ? 'page' : undefined}
                    >
                      <Pencil size={14} aria-hidden />
                      Edit &amp; test
                    </Link>
                  </Button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete ${segment.name}`}
                    onClick={() =>
                      // The server's refusal says why, e.g. the daily reward that targets the segment (decision 038).
                      remove.mutate(segment.id, {
                        onError: (error) => toast.error(error.message || 'Delete failed. Please try again.'),
                      })
                    }
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CustomAttributesEditor gameId={gameId} />
    </Page>
  );
}
