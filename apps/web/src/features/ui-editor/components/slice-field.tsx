import { useId } from 'react';
import { parseSliceInput, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { fieldLabel } from './field-label';
import type { FieldProps } from './field-props';
import { type Reading, useLiveText } from './use-live-text';
import styles from './prop-field.module.css';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

function readSliceSide(text: string): Reading {
  // With NaN as the previous value, NaN back means "not a number"; empty is 0.
  const side = parseSliceInput(text, Number.NaN);
  return Number.isNaN(side) ? { problem: UI_EDITOR_MESSAGES.numberInvalid } : { stored: String(side) };
}

function SliceSide({
  name,
  side,
  onSide,
  onEnd,
}: {
  name: (typeof SIDES)[number];
  side: number;
  onSide: (next: number) => void;
  onEnd: () => void;
}) {
  const id = useId();
  const live = useLiveText({
    value: String(side),
    read: readSliceSide,
    onEdit: (text) => onSide(parseSliceInput(text, side)),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <div className={styles.sliceSide}>
      <label className="muted" htmlFor={id}>
        {fieldLabel(name)}
      </label>
      <input id={id} className="input" inputMode="decimal" {...live.input} />
      {live.problem && (
        <p className="field-error" id={`${id}-error`}>
          {live.problem}
        </p>
      )}
    </div>
  );
}

/** A nine-slice's four sides, stored together. */
export function SliceField({ field, value, onChange, onEnd }: FieldProps<'slice'>) {
  const stored = value !== null && typeof value === 'object' ? value : {};
  const side = (name: (typeof SIDES)[number]) => {
    const v = stored[name];
    return typeof v === 'number' ? v : field.default[name];
  };
  return (
    <fieldset className={`field ${styles.slice}`}>
      <legend className="field-label">{fieldLabel(field.name)}</legend>
      {SIDES.map((name) => (
        <SliceSide
          key={name}
          name={name}
          side={side(name)}
          // A side typed into a slice not stored yet stores all four (the others at their defaults).
          onSide={(next) => {
            if (next !== side(name) || !(name in stored)) {
              onChange({ ...Object.fromEntries(SIDES.map((s) => [s, side(s)])), [name]: next }, true);
            }
          }}
          onEnd={onEnd}
        />
      ))}
    </fieldset>
  );
}
