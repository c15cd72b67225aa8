import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Game } from '@liveops/domain/games';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { paths } from '../../../config/paths';
import styles from './create-game-dialog.module.css';

// The form (and its form library) loads when the dialog first opens, not with the dashboard.
const CreateGameForm = lazy(() => import('./create-game-form').then((m) => ({ default: m.CreateGameForm })));

/**
 * The fixed "+ Create New Game" button and its modal. Unlike the spec's silent failure, a failure is shown. Given
 * open and onOpenChange, another button can open it too (the empty dashboard's), and `fab` false leaves the fixed
 * button out.
 */
export function CreateGameDialog({
  open: controlledOpen,
  onOpenChange,
  fab = true,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  fab?: boolean;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const navigate = useNavigate();

  const onCreated = (game: Game) => {
    setOpen(false);
    toast.success(`${game.name} is ready.`, {
      action: { label: 'Open', onClick: () => void navigate(paths.game(game.id)) },
    });
  };

  return (
    <FormDialog
      title="Create New Game"
      open={open}
      onOpenChange={setOpen}
      trigger={fab ? <Button className={styles.fab}>+ Create New Game</Button> : undefined}
    >
      <Suspense
        fallback={
          <p className="muted" role="status">
            Loading…
          </p>
        }
      >
        <CreateGameForm onCreated={onCreated} onCancel={() => setOpen(false)} />
      </Suspense>
    </FormDialog>
  );
}
