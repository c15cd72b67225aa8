import { GAME_MESSAGES } from '@liveops/domain';
import { Button } from '../../../components/ui/button';
import styles from './save-row.module.css';

/**
 * Game Profile's one save pattern: the section's Update button, enabled once something changed, with Discard
 * beside it; then one kind of feedback in the same place, "✓ Updated" for 3 seconds or what went wrong.
 */
export function SaveRow({
  label,
  dirty,
  invalid = false,
  saving,
  flash,
  error,
  onSave,
  onDiscard,
}: {
  label: string;
  dirty: boolean;
  /** Something typed cannot be saved (its field says why). */
  invalid?: boolean;
  saving: boolean;
  flash: boolean;
  error: string | null;
  /** Omitted in a form, whose submit saves. */
  onSave?: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className={styles.row}>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} disabled={!dirty || invalid} loading={saving}>
        {label}
      </Button>
      {dirty ? (
        <Button type="button" variant="secondary" onClick={onDiscard} disabled={saving}>
          Discard
        </Button>
      ) : null}
      <span className="flash" role="status">
        {flash && !dirty ? GAME_MESSAGES.updated : null}
      </span>
      <span className={`field-error ${styles.error}`} role="alert">
        {error}
      </span>
    </div>
  );
}
