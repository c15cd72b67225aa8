import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { useRegenerateSdkKey } from '../../../lib/api/games/regenerate-sdk-key';
import { CopyValue } from './copy-value';
import { SdkKey } from './sdk-key';
import { ServerSecret } from './server-secret';
import { SignedPlayerIdsSwitch } from './signed-player-ids-switch';
import styles from './player-runtime-panel.module.css';

/**
 * What a game needs to reach the player runtime (decision 035): its base URL and SDK key for the game
 * client, the server secret for the game's own backend, and whether player ids must be signed with it. The
 * dashboard is served at the server's public URL, so the runtime's is this page's origin.
 */
export function PlayerRuntimePanel({ game }: { game: Game }) {
  const regenerate = useRegenerateSdkKey(game.id);
  const runtimeUrl = `${window.location.origin}/v1`;
  const regenerateKey = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => toast.success(GAME_MESSAGES.sdkKeyRegenerated),
      onError: (error) => toast.error(error.message || GAME_MESSAGES.sdkKeyRegenerateFailed),
    });
  return (
    <section className="panel" aria-labelledby="runtime-heading">
      <h2 className="panel-title" id="runtime-heading">
        Player Runtime
      </h2>
      <p className={`muted ${styles.intro}`}>
        Your game signs players in with its SDK key at the runtime URL, then claims daily rewards and reads their wallet
        there. The server secret is for your game’s own backend: never ship it in the game.
      </p>
      <dl className="facts">
        <div>
          <dt>Runtime URL</dt>
          <dd>
            <CopyValue value={runtimeUrl} what="runtime URL" copied={GAME_MESSAGES.runtimeUrlCopied} />
          </dd>
        </div>
        <div>
          <dt>SDK key</dt>
          <dd className={styles.actions}>
            <SdkKey value={game.sdkKey} />
            <ConfirmDialog
              title={GAME_MESSAGES.sdkKeyRegenerateTitle}
              description={GAME_MESSAGES.sdkKeyRegenerateText}
              confirmLabel={GAME_MESSAGES.sdkKeyRegenerateConfirm}
              onConfirm={regenerateKey}
              trigger={
                <Button type="button" variant="secondary" size="sm" loading={regenerate.isPending}>
                  {regenerate.isPending ? null : <RefreshCw size={14} aria-hidden />}
                  Regenerate
                </Button>
              }
            />
          </dd>
        </div>
        <div>
          <dt>Server secret</dt>
          <dd>
            <ServerSecret gameId={game.id} />
          </dd>
        </div>
      </dl>
      <div className={styles.switchRow}>
        <SignedPlayerIdsSwitch game={game} />
      </div>
    </section>
  );
}
