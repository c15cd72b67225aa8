import { useId } from 'react';
import { INVENTORY_KEY_MAX_LENGTH, INVENTORY_KEY_MESSAGES } from '@liveops/domain/inventory';
import { errorIdOf, Field, hintIdOf } from '../../../components/ui/field';
import { CopyButton } from './copy-button';
import styles from './key-field.module.css';

/**
 * An item's or pack's key in its dialog (decision 051): an input with Copy while the entry has never been
 * published, read-only with Copy once it has.
 */
export function KeyField({
  value,
  onChange,
  fixed,
  error,
  name,
}: {
  value: string;
  onChange: (key: string) => void;
  fixed: boolean;
  error?: string | undefined;
  /** The entry's name, for the Copy button's label. */
  name: string;
}) {
  const id = useId();
  const hint = `${INVENTORY_KEY_MESSAGES.keyHelp} ${fixed ? INVENTORY_KEY_MESSAGES.keyFixedHelp : INVENTORY_KEY_MESSAGES.keyEditableHelp}`;
  return (
    <Field label="Key" htmlFor={id} hint={hint} error={error}>
      <div className={styles.row}>
        <input
          id={id}
          className={`input ${styles.key}`}
          value={value}
          readOnly={fixed}
          aria-readonly={fixed || undefined}
          maxLength={INVENTORY_KEY_MAX_LENGTH}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder="gold"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintIdOf(id), error ? errorIdOf(id) : ''].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
        />
        <CopyButton value={value} label={`Copy the key of ${name || 'this entry'}`} what="key" />
      </div>
    </Field>
  );
}
