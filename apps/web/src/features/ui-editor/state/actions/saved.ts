import type { EditorActionReducer } from '../types';

/**
 * After a successful save of `action.document`: at the server's new version, and clean unless the document was
 * edited while the save was in flight (those edits are not stored yet). The history is kept, so undo works past a
 * save.
 */
export const saved: EditorActionReducer<'saved'> = (state, action) => {
  const dirty = state.document !== action.document;
  return state.dirty === dirty && state.baseVersion === action.version
    ? state
    : { ...state, dirty, baseVersion: action.version };
};
