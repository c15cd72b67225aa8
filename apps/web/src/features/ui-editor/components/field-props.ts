import type { EditableField, LayoutPropValue } from '@liveops/domain/layout';

/** A change of the prop; `typing` when it comes from a keystroke (one undo step per burst, see useLiveText). */
export type PropChange = (value: LayoutPropValue | undefined, typing?: boolean) => void;

/** What every field of a kind is given. */
export interface FieldProps<F extends EditableField['kind']> {
  field: Extract<EditableField, { kind: F }>;
  value: LayoutPropValue | undefined;
  onChange: PropChange;
  /** Typing in the field ended: Enter or focus left it. */
  onEnd: () => void;
}
