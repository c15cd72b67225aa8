import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { confirmsGameDeletion, GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDeleteGame } from '../../../lib/api/games/delete-game';
import styles from './delete-game-dialog.module.css';

/**
 * Deleting a game, as the account deletion and components/confirm-dialog do it: an alert dialog whose Delete
 * button is enabled only once the game's name is typed exactly. The server checks the same rule.
 */
export function DeleteGameDialog({
  game,
  trigger,
  onDeleted,
}: {
  game: Game;
  trigger: ReactNode;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const remove = useDeleteGame();
  const confirmed = confirmsGameDeletion(typed, game.name);

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      remove.reset();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    // Awaited rather than given as mutate's callbacks: the page of a deleted game unmounts this dialog at once,
    // and callbacks of an unmounted component's mutate never run.
    void remove
      .mutateAsync({ id: game.id, confirmation: typed })
      .then(() => {
        setOpen(false);
        onDeleted();
      })
      .catch(() => undefined);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog dialog-small"
          // The name field first (an alert dialog focuses Cancel): typing the name is the next thing to do.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            field.current?.focus();
          }}
        >
          <AlertDialog.Title className="dialog-title">Delete {game.name}?</AlertDialog.Title>
          <AlertDialog.Description className="muted dialog-text">
            Its segments, items, packs, daily rewards, images and published packs are deleted with it. This cannot be
            undone.
          </AlertDialog.Description>
          <form className="stack" noValidate onSubmit={submit}>
            <div className="field">
              <label className="field-label" htmlFor="delete-game-confirmation">
                Type <strong className={styles.confirmName}>{game.name}</strong> to confirm
              </label>
              <input
                id="delete-game-confirmation"
                ref={field}
                className="input"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
            {remove.isError ? <Alert tone="error">{remove.error.message || GAME_MESSAGES.deleteFailed}</Alert> : null}
            <div className="dialog-actions">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" className="btn-danger" disabled={!confirmed} loading={remove.isPending}>
                Delete Game
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
