import { Clock, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatClockOffset, TEST_PLAYER_MESSAGES, type TestPlayer } from '@liveops/domain/players';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { useDeleteTestPlayer } from '../../../lib/api/test-players/delete-test-player';
import type { useTestPlayers } from '../../../lib/api/test-players/get-test-players';
import { testerClockText } from '../tester-clock-text';
import { useNow } from '../../../lib/use-now';
import { TestPlayerDialog } from './test-player-dialog';
import rows from '../../../components/row-list.module.css';
import styles from './test-players.module.css';

type Editing = { tester: TestPlayer | null } | null;

/**
 * The game's test players (decision 040): each player id with its clock offset ("+3 days 2 h") and the time its
 * clock shows now, added, edited and removed here. Only the dashboard sets a clock; every other player of the game
 * follows the server's.
 */
export function TestPlayersPanel({ gameId, testers }: { gameId: string; testers: ReturnType<typeof useTestPlayers> }) {
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteTestPlayer(gameId);
  const now = useNow(1000);

  let body;
  if (testers.isPending) body = <p className="muted">Loading test players…</p>;
  else if (testers.isError) {
    body = <LoadError message={TEST_PLAYER_MESSAGES.loadFailed} onRetry={() => void testers.refetch()} />;
  } else if (testers.data.length === 0) {
    body = (
      <div className="empty-state">
        <UserRound size={28} aria-hidden className="placeholder-icon" />
        <p>{TEST_PLAYER_MESSAGES.empty}</p>
      </div>
    );
  } else {
    body = (
      <ul className={rows.list} aria-label="Test players">
        {testers.data.map((tester) => (
          <li key={tester.id} className={rows.row} data-test-player={tester.playerId}>
            <div className={`${rows.main} ${styles.main}`}>
              <p className={`${rows.name} ${styles.name}`}>{tester.playerId}</p>
              {tester.note ? <p className={`muted ${rows.details}`}>{tester.note}</p> : null}
              <p className={styles.clock}>
                <span className={`badge ${styles.offset}`}>{formatClockOffset(tester.clockOffsetMs)}</span>
                <span className={styles.clockText}>
                  <Clock size={13} aria-hidden />
                  <span className="sr-only">Their clock: </span>
                  {testerClockText(now, tester.clockOffsetMs)}
                </span>
              </p>
            </div>
            <div className={rows.actions}>
              <button
                type="button"
                className="icon-button"
                aria-label={`Edit ${tester.playerId}`}
                onClick={() => setEditing({ tester })}
              >
                <Pencil size={15} aria-hidden />
              </button>
              <ConfirmDialog
                title={`Remove test player ${tester.playerId}?`}
                description="The player id goes back to the server’s clock at once. Their progress and wallet stay."
                confirmLabel="Remove"
                onConfirm={() =>
                  remove.mutate(tester.id, { onError: () => toast.error(TEST_PLAYER_MESSAGES.removeFailed) })
                }
                trigger={
                  <button type="button" className="icon-button" aria-label={`Remove ${tester.playerId}`}>
                    <Trash2 size={15} aria-hidden />
                  </button>
                }
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={`panel ${styles.panel}`} aria-labelledby="test-players-heading">
      <div className={styles.head}>
        <h2 className="panel-title" id="test-players-heading">
          Test players
        </h2>
        <Button size="sm" onClick={() => setEditing({ tester: null })}>
          <Plus size={14} aria-hidden />
          Add test player
        </Button>
      </div>
      <p className={`muted ${styles.help}`}>{TEST_PLAYER_MESSAGES.help}</p>
      {body}
      {editing ? <TestPlayerDialog gameId={gameId} tester={editing.tester} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
