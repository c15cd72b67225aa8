import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import styles from './save-bar.module.css';

/**
 * The app's one save pattern (decision 055): a screen or panel has one save, here. The button says the state
 * itself ("Save …" with changes, "Saving…" while it saves, "✓ Saved" or the screen's clean label without changes),
 * Discard beside it while there are changes; at its left one line says what happened: the save's success message
 * for its seconds (`saved`), or what went wrong (`error`), else `note`.
 */
export function SaveBar({
  dirty,
  saving,
  invalid = false,
  dirtyLabel,
  cleanLabel,
  saved,
  error,
  note,
  onSave,
  onDiscard,
  sticky = false,
  label = 'Save',
  savedWhenClean = true,
}: {
  dirty: boolean;
  saving: boolean;
  /** Something typed cannot be saved (its field says why). */
  invalid?: boolean;
  dirtyLabel: string;
  cleanLabel: string;
  /** The success line, while it shows. */
  saved: string | null;
  error: string | null;
  /** What the line says when nothing happened. */
  note?: ReactNode;
  /** Omitted in a form, whose submit saves. */
  onSave?: () => void;
  onDiscard: () => void;
  /** Stays at the bottom of the screen while the panel it saves scrolls. */
  sticky?: boolean;
  /** Its region's name for assistive technology. */
  label?: string;
  /**
   * The clean button says that all is saved, with a check. A form that starts empty each time (a new password) has
   * nothing saved to show: its button keeps its `cleanLabel`, unchecked, and waits for input.
   */
  savedWhenClean?: boolean;
}) {
  return (
    <div className={`${styles.bar} ${sticky ? styles.sticky : ''}`} role="group" aria-label={label}>
      <div className={styles.message}>
        <p role="status" className="flash">
          {saved && !dirty && !error ? saved : null}
        </p>
        <p role="alert" className={styles.error}>
          {error}
        </p>
        {(saved && !dirty) || error || !note ? null : <p className="muted">{note}</p>}
      </div>
      <div className={styles.buttons}>
        {dirty ? (
          <Button type="button" variant="secondary" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
        ) : null}
        <Button
          type={onSave ? 'button' : 'submit'}
          onClick={onSave}
          disabled={!dirty || invalid}
          loading={saving}
          data-save-state={saving ? 'saving' : dirty ? 'dirty' : 'clean'}
        >
          {saving || dirty || !savedWhenClean ? null : <Check size={16} aria-hidden />}
          {saving ? 'Saving…' : dirty ? dirtyLabel : cleanLabel}
        </Button>
      </div>
    </div>
  );
}
