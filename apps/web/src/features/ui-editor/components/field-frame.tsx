import type { ReactNode } from 'react';
import type { LayoutNode } from '@liveops/domain/layout';
import { fieldLabel } from './field-label';

/** The label, the control, the note on what renders and the field's problem, if any. */
export function FieldFrame({
  id,
  name,
  node,
  problem,
  note,
  children,
}: {
  id: string;
  name: string;
  node: LayoutNode;
  problem: string | null;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field" data-field={name} data-node-type={node.type}>
      <label className="field-label" htmlFor={id}>
        {fieldLabel(name)}
      </label>
      {children}
      {note}
      {problem && (
        <p className="field-error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}
