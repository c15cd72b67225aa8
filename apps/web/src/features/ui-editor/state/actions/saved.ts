import type { EditorActionReducer } from '../types';

/**
 * After a successful save of `action.document`: at the server's new version, and clean unless the document was
 * edited while the save was in flight (those edits are not stored yet). The history is kept, so undo works past a
 * save, and coming back to the saved document by undo or redo makes the editor clean again. Typing still open on
 * the saved document is closed, so the next keystroke does not replace what was saved in the history.
 */
export const saved: EditorActionReducer<'saved'> = (state, action) => {
  const dirty = state.document !== action.document;
  const typing = dirty ? state.typing : null;
  return state.dirty === dirty &&
    state.baseVersion === action.version &&
    state.savedDocument === action.document &&
    state.layoutStored &&
    state.typing === typing
    ? state
    : { ...state, dirty, baseVersion: action.version, savedDocument: action.document, layoutStored: true, typing };
};
