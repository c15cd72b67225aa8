import type { LayoutPropValue } from '@liveops/domain/layout';
import type { PropNote } from '../node-rendering';
import frame from '../ui-editor.module.css';

export type PropNoteRestore = (props: Record<string, LayoutPropValue | undefined>) => void;

/** What a field shows and why, when not simply its value (decision 028), with the way back to the binding. */
export function FieldNote({ id, note, onRestore }: { id: string; note: PropNote; onRestore: PropNoteRestore }) {
  const { restore } = note;
  return (
    <div className={frame.note} id={id}>
      <p>{note.text}</p>
      {restore && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRestore(restore.props)}>
          {restore.label}
        </button>
      )}
    </div>
  );
}
