import { Users } from 'lucide-react';
import { AUDIENCE_MESSAGES } from '@liveops/domain/segments';
import { useSegmentAudience } from '../../../lib/api/segments/get-segment-audience';
import styles from './segment-audience.module.css';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * A saved segment's audience (decision 054): its players at their last session, of the game's players seen in the
 * window, as the server last counted them. `detailed` (the segment's page) adds what the figure means and when it
 * was counted.
 */
export function SegmentAudience({
  gameId,
  segmentId,
  detailed = false,
}: {
  gameId: string;
  segmentId: string;
  detailed?: boolean;
}) {
  const audience = useSegmentAudience(gameId);
  const text = audience.isPending
    ? 'Counting players…'
    : audience.isError
      ? AUDIENCE_MESSAGES.loadFailed
      : audience.data.seen === 0
        ? AUDIENCE_MESSAGES.noPlayers
        : AUDIENCE_MESSAGES.count(audience.data.segments[segmentId] ?? 0, audience.data.seen);
  return (
    <div className={detailed ? styles.detailed : styles.inline}>
      {/* segment-audience: how tests find a segment's count. */}
      <p
        className={`segment-audience ${styles.count} ${audience.isError ? styles.failed : ''}`}
        aria-busy={audience.isPending || undefined}
      >
        <Users size={14} aria-hidden />
        <span>{text}</span>
      </p>
      {detailed ? (
        <p className={`muted ${styles.note}`}>
          {AUDIENCE_MESSAGES.explained}
          {audience.data ? ` Counted at ${timeOf(audience.data.countedAt)}.` : null}
        </p>
      ) : null}
    </div>
  );
}
