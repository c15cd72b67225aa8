import { FlaskConical, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { SEGMENT_MESSAGES } from '@liveops/domain';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { useDeleteSegment } from '../../../lib/api/segments/delete-segment';
import { useSegments } from '../../../lib/api/segments/get-segments';
import { CreateSegmentForm } from '../components/create-segment-form';
import { SegmentTester } from '../components/segment-tester';

/** /dashboard/game/:gameId/segments[/:segmentId]: the game's segments, and one of them to test. */
export function SegmentsTab() {
  const { gameId = '', segmentId } = useParams();
  const segments = useSegments(gameId);
  const remove = useDeleteSegment(gameId);
  const [creating, setCreating] = useState(false);
  const selected = segmentId ? segments.data?.find((s) => s.id === segmentId) : undefined;

  return (
    <div className="page">
      <div className="page-header page-header-row">
        <div>
          <h1 className="page-title">Player Segments</h1>
          <p className="muted">Rules in CEL that decide which players see what.</p>
        </div>
        <Button onClick={() => setCreating(true)} disabled={creating}>
          + Create Segment
        </Button>
      </div>
      {creating ? (
        <section className="panel">
          <h2 className="panel-title">New segment</h2>
          <CreateSegmentForm gameId={gameId} onDone={() => setCreating(false)} />
        </section>
      ) : null}
      {segmentId && segments.data && !selected ? (
        <div className="panel empty-state" role="alert">
          <p>{SEGMENT_MESSAGES.notFound}</p>
        </div>
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
          <ul className="segment-list">
            {segments.data.map((segment) => (
              <li key={segment.id} className={`segment-row ${segment.id === segmentId ? 'segment-row-selected' : ''}`}>
                <div className="segment-main">
                  <p className="segment-name">{segment.name}</p>
                  {segment.description ? <p className="muted segment-description">{segment.description}</p> : null}
                  <code className="segment-expression">{segment.expression}</code>
                </div>
                <div className="segment-actions">
                  <Button asChild variant="secondary" size="sm">
                    <Link to={paths.segment(gameId, segment.id)} aria-label={`Test ${segment.name}`}>
                      <FlaskConical size={14} aria-hidden />
                      Test
                    </Link>
                  </Button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete ${segment.name}`}
                    onClick={() =>
                      remove.mutate(segment.id, { onError: () => toast.error('Delete failed. Please try again.') })
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
    </div>
  );
}
