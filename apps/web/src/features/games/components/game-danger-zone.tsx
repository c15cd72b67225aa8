import { Copy, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { GAME_MESSAGES, gameCopyName, type Game } from '@liveops/domain/games';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDuplicateGame } from '../../../lib/api/games/duplicate-game';
import { DeleteGameDialog } from './delete-game-dialog';
import styles from './game-danger-zone.module.css';

/** The game profile's last section: a staging copy of the game, and deleting it. */
export function GameDangerZone({ game }: { game: Game }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateGame();

  const copy = () =>
    duplicate.mutate(
      { id: game.id },
      {
        onSuccess: (created) => {
          toast.success(GAME_MESSAGES.duplicated(created.name));
          void navigate(paths.game(created.id));
        },
        onError: (error) => toast.error(error.message || GAME_MESSAGES.duplicateFailed),
      },
    );

  return (
    <section className="panel" aria-labelledby="game-manage-heading">
      <h2 className="panel-title" id="game-manage-heading">
        Manage Game
      </h2>
      <div className={styles.row}>
        <div>
          <p className={styles.label}>Duplicate as a staging copy</p>
          <p className={`muted ${styles.text}`}>
            A new game with its own SDK key and copies of the segments, items, packs, daily rewards, layouts and images.
            Releases are not copied.
          </p>
        </div>
        <ConfirmDialog
          title={GAME_MESSAGES.duplicateConfirmTitle(game.name)}
          description={GAME_MESSAGES.duplicateConfirmText(gameCopyName(game.name))}
          confirmLabel={GAME_MESSAGES.duplicateConfirm}
          danger={false}
          onConfirm={copy}
          trigger={
            <Button variant="secondary" loading={duplicate.isPending}>
              <Copy size={16} aria-hidden />
              Duplicate Game
            </Button>
          }
        />
      </div>
      <div className={`${styles.row} ${styles.danger}`}>
        <div>
          <p className={styles.label}>Delete this game</p>
          <p className={`muted ${styles.text}`}>
            Removes the game and everything in it, including its images and published packs.
          </p>
        </div>
        <DeleteGameDialog
          game={game}
          trigger={
            <Button className="btn-danger">
              <Trash2 size={16} aria-hidden />
              Delete Game
            </Button>
          }
          onDeleted={() => {
            toast.success(GAME_MESSAGES.deleted(game.name));
            void navigate(paths.dashboard(), { replace: true });
          }}
        />
      </div>
    </section>
  );
}
