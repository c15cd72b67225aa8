import type { TypingField } from './types';

/** The label's field in TypingField: not a prop name (those start with a letter), so never confused with one. */
export const LABEL_FIELD = '#label';

export const sameField = (a: TypingField | null, b: TypingField | null) =>
  a !== null && b !== null && a.id === b.id && a.field === b.field;
