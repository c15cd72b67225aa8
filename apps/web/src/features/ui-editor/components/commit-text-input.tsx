import { type InputHTMLAttributes, useState } from 'react';

/**
 * A text input whose edit is committed on blur or Enter (one undo step per edit, not per keystroke); Escape
 * puts the stored value back. It follows the stored value whenever that changes (undo, a reload).
 */
export function CommitTextInput({
  value,
  onCommit,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Returns the text to show after the commit, when that differs from what was typed (a kept value). */
  onCommit: (text: string) => string | void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft === value) return;
    const after = onCommit(draft);
    if (typeof after === 'string') setDraft(after);
  };
  return (
    <input
      {...rest}
      className={`input ${className ?? ''}`.trim()}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(value);
      }}
    />
  );
}
