import { type KeyboardEvent, useId, useState } from 'react';
import { parseCanvasSide } from '@liveops/domain/layout';

/**
 * Preview width or height: typed freely, committed on blur or Enter; an entry that is not a positive whole
 * number reverts to the last value. The parent keys it by the value, so a preset's value replaces the draft.
 */
export function CanvasSideInput({
  label,
  name,
  value,
  onCommit,
}: {
  /** The short visible label: "W" or "H". */
  label: string;
  /** What it is, for assistive technology: "Width" or "Height". */
  name: string;
  value: number;
  onCommit: (value: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const commit = () => {
    const next = parseCanvasSide(draft, value);
    setDraft(String(next));
    if (next !== value) onCommit(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <span className="preview-side">
      <label htmlFor={id} className="preview-side-label" title={name}>
        {label}
      </label>
      <input
        id={id}
        className="input preview-side-input"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label={`${name} (${label})`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
    </span>
  );
}
