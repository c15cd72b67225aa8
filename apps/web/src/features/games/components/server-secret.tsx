import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { useServerSecret } from '../../../lib/api/games/get-server-secret';
import { useRotateServerSecret } from '../../../lib/api/games/rotate-server-secret';
import { CopyValue } from './copy-value';
import styles from './server-secret.module.css';

/** What stands in for the secret while it is hidden: its prefix, and dots that say nothing of its length. */
const HIDDEN = `ss_${'•'.repeat(16)}`;

/** The secret, asked for when shown (its own request, decision 035), with its Copy button; forgotten when hidden. */
function RevealedSecret({ gameId }: { gameId: string }) {
  const secret = useServerSecret(gameId);
  if (secret.isPending) {
    return (
      <span className={styles.hidden} aria-busy="true">
        <code className={styles.mask} aria-hidden="true">
          {HIDDEN}
        </code>
        <span className="muted">Loading…</span>
      </span>
    );
  }
  if (secret.isError) {
    return <LoadError message={GAME_MESSAGES.serverSecretLoadFailed} onRetry={() => void secret.refetch()} />;
  }
  return <CopyValue value={secret.data} what="server secret" copied={GAME_MESSAGES.serverSecretCopied} />;
}

/**
 * Game Profile's server secret (decision 035): hidden until Reveal, then with its Copy button; Rotate asks first,
 * saying what stops working, and shows the new secret.
 */
export function ServerSecret({ gameId }: { gameId: string }) {
  const [shown, setShown] = useState(false);
  const rotate = useRotateServerSecret(gameId);
  const rotateSecret = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setShown(true);
        toast.success(GAME_MESSAGES.serverSecretRotated);
      },
      onError: (error) => toast.error(error.message || GAME_MESSAGES.serverSecretRotateFailed),
    });
  return (
    <div className={styles.secret}>
      {shown ? (
        <RevealedSecret gameId={gameId} />
      ) : (
        <span className={styles.hidden}>
          <code className={styles.mask} aria-hidden="true">
            {HIDDEN}
          </code>
          <span className="sr-only">Hidden</span>
        </span>
      )}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" size="sm" onClick={() => setShown(!shown)} aria-pressed={shown}>
          {shown ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
          {shown ? 'Hide' : 'Reveal'}
        </Button>
        <ConfirmDialog
          title={GAME_MESSAGES.serverSecretRotateTitle}
          description={GAME_MESSAGES.serverSecretRotateText}
          confirmLabel={GAME_MESSAGES.serverSecretRotateConfirm}
          onConfirm={rotateSecret}
          trigger={
            <Button type="button" variant="secondary" size="sm" loading={rotate.isPending}>
              {rotate.isPending ? null : <RefreshCw size={14} aria-hidden />}
              Rotate
            </Button>
          }
        />
      </div>
    </div>
  );
}
