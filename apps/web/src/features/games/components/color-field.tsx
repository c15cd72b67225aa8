import { GAME_MESSAGES } from '@liveops/domain/games';
import { ColorInput } from '../../../components/ui/color-input';
import { errorIdOf } from '../../../components/ui/field';
import { parseHexColor } from '../parse-hex-color';
import styles from './color-field.module.css';

/**
 * A theme colour: the browser's picker and, beside it, the hex value as text, so a brand colour can be pasted or
 * typed. The text is the field's value; what it says is checked as it is typed.
 */
export function ColorField({
  id,
  label,
  text,
  fallback,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  /** The picker's colour while the text is not one. */
  fallback: string;
  onChange: (text: string) => void;
}) {
  const parsed = parseHexColor(text);
  const error = parsed ? null : GAME_MESSAGES.colorInvalid;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <span className={styles.row}>
        <ColorInput
          aria-label={`${label} picker`}
          value={(parsed ?? fallback).toLowerCase()}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          className={`input ${styles.hex}`}
          value={text}
          spellCheck={false}
          autoComplete="off"
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(id) : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </span>
      {error ? (
        <p className="field-error" id={errorIdOf(id)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
