import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, confirmsDeletion, type User } from '@liveops/domain/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useGames } from '../../../lib/api/games/get-games';
import { useDeleteAccount } from '../api/delete-account';
import styles from '../account.module.css';

/** What goes with the account, counted from the games it owns when they have loaded. */
function whatGoes(games: number | undefined): string {
  if (games === 0) return 'Deleting your account removes it for good. You have no games, so nothing else goes with it.';
  const owned = games === undefined ? 'your games' : games === 1 ? 'your 1 game' : `your ${games} games`;
  return `Deleting your account removes ${owned} and everything in them: segments, items, packs, daily rewards, uploaded assets and published packs. It cannot be undone.`;
}

/** The danger zone: deleting the account, after the password (or, without one, the typed email address). */
export function DeleteAccountSection({ user, hasPassword }: { user: User; hasPassword: boolean }) {
  const games = useGames();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [missing, setMissing] = useState(false);

  const ready = hasPassword ? typed.length > 0 : confirmsDeletion(typed, user.email);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setTyped('');
    setMissing(false);
    remove.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Nothing is sent until what is asked for is there; the server checks it again.
    if (!ready) return setMissing(true);
    remove.mutate(hasPassword ? { password: typed } : { confirmation: typed });
  };
  const fieldError = missing
    ? hasPassword
      ? ACCOUNT_MESSAGES.deletePasswordRequired
      : ACCOUNT_MESSAGES.deleteConfirmationWrong
    : undefined;

  return (
    <section className={`panel ${styles.section} ${styles.danger}`} aria-labelledby="delete-heading">
      <header className={styles.sectionHeader}>
        <TriangleAlert size={20} aria-hidden className={styles.sectionIcon} />
        <div>
          <h2 className="panel-title" id="delete-heading">
            Delete account
          </h2>
          <p className="muted">{whatGoes(games.data?.length)}</p>
        </div>
      </header>
      <div>
        <FormDialog
          title="Delete your account?"
          open={open}
          onOpenChange={onOpenChange}
          trigger={<Button className="btn-danger">Delete account…</Button>}
        >
          <form className="stack" noValidate onSubmit={onSubmit}>
            <p className="muted">{whatGoes(games.data?.length)}</p>
            {hasPassword ? (
              <TextField
                label="Your password"
                type="password"
                autoComplete="current-password"
                value={typed}
                error={fieldError}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setMissing(false);
                }}
              />
            ) : (
              <TextField
                label={`Type ${user.email} to confirm`}
                autoComplete="off"
                spellCheck={false}
                value={typed}
                error={fieldError}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setMissing(false);
                }}
              />
            )}
            {remove.isError ? <Alert tone="error">{remove.error.message || ACCOUNT_MESSAGES.loadFailed}</Alert> : null}
            <div className="dialog-actions">
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" className="btn-danger" loading={remove.isPending}>
                Delete my account
              </Button>
            </div>
          </form>
        </FormDialog>
      </div>
    </section>
  );
}
