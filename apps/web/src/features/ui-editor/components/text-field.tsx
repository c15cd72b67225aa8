import { type ReactNode, useId } from 'react';
import type { LayoutNode } from '@liveops/domain/layout';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { type Reading, useLiveText } from './use-live-text';

const asText = (text: string): Reading => ({ stored: text });

/** A text prop, changed as it is typed; empty clears it (its default, or the bound value, shows). */
export function TextField({
  field,
  node,
  value,
  onChange,
  onEnd,
  note,
  placeholder,
}: FieldProps<'text'> & { node: LayoutNode; note?: ReactNode; placeholder?: string | undefined }) {
  const id = useId();
  const live = useLiveText({
    value: typeof value === 'string' ? value : '',
    read: asText,
    onEdit: (text) => onChange(text === '' ? undefined : text, true),
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <FieldFrame id={id} name={field.name} node={node} problem={live.problem} note={note}>
      <input id={id} className="input" placeholder={placeholder ?? field.default} {...live.input} />
    </FieldFrame>
  );
}
