import { type ChangeEvent, type KeyboardEvent, useState } from 'react';

/**
 * How a field reads what is typed: `stored` is the stored value as the field would show it (so "1." reads as
 * "1"), or a `problem` says why it cannot be stored yet (null: nothing worth saying, such as an empty style).
 */
export type Reading = { stored: string } | { problem: string | null };

/**
 * A text field that edits the document as it is typed (the spec's live preview): each keystroke that reads as a
 * storable value goes to `onEdit` at once, which dispatches it as typing, so the burst is one undo step; one that
 * does not (a half-typed number or colour) shows its problem and leaves the stored value, and the preview, as
 * they were. Enter or leaving the field ends the typing (`onEnd`, with the text then) and shows the stored value
 * again. A stored value changed from elsewhere (undo, a reload, another tab) replaces the text, unless the text
 * already reads as it (this field's own keystroke). Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z here are the editor's
 * (useUndoShortcuts lets them through: `data-editor-history`), since the typing is in its history.
 */
export function useLiveText({
  value,
  read,
  onEdit,
  onEnd,
  errorId,
}: {
  /** The stored value as the field shows it. */
  value: string;
  read: (text: string) => Reading;
  onEdit: (text: string) => void;
  onEnd: (text: string) => void;
  /** The id of the element that shows `problem`, for aria-describedby. */
  errorId?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (shown !== value) {
    setShown(value);
    const reading = read(draft);
    if (!('stored' in reading && reading.stored === value)) {
      setDraft(value);
      setProblem(null);
    }
  }
  const end = () => {
    onEnd(draft);
    // A refused draft's problem stays beside the stored value it gave way to, saying why.
    if (draft !== value) setDraft(value);
  };
  return {
    problem,
    input: {
      value: draft,
      'data-editor-history': '',
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem && errorId ? errorId : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const text = event.target.value;
        setDraft(text);
        const reading = read(text);
        if ('stored' in reading) {
          setProblem(null);
          onEdit(text);
        } else {
          setProblem(reading.problem);
        }
      },
      onBlur: end,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          end();
          return;
        }
        const key = event.key.toLowerCase();
        // The editor undoes or redoes next (on window): a refused draft is not kept over what it brings back.
        if ((event.ctrlKey || event.metaKey) && !event.altKey && (key === 'z' || key === 'y')) {
          setDraft(value);
          setProblem(null);
        }
      },
    },
  };
}
