import { useId } from 'react';
import { type LayoutNode, parseNumberInput, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { type Reading, useLiveText } from './use-live-text';

function readNumber(text: string): Reading {
  // With no previous value, 'keep' means only "not a number".
  const parsed = parseNumberInput(text, undefined);
  if (parsed === 'keep') return { problem: UI_EDITOR_MESSAGES.numberInvalid };
  return { stored: parsed === undefined ? '' : String(parsed) };
}

/** A number prop, changed as it is typed; empty clears it. */
export function NumberField({ field, node, value, onChange, onEnd }: FieldProps<'number'> & { node: LayoutNode }) {
  const id = useId();
  const previous = typeof value === 'number' ? value : undefined;
  const live = useLiveText({
    value: previous === undefined ? '' : String(previous),
    read: readNumber,
    onEdit: (text) => {
      // An empty field clears the prop (its default shows); the same number changes nothing.
      const parsed = parseNumberInput(text, previous);
      if (parsed !== 'keep') onChange(parsed, true);
    },
    onEnd,
    errorId: `${id}-error`,
  });
  return (
    <FieldFrame id={id} name={field.name} node={node} problem={live.problem}>
      <input id={id} className="input" inputMode="decimal" placeholder={String(field.default)} {...live.input} />
    </FieldFrame>
  );
}
