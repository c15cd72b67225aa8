import type { EditorActionReducer } from '../types';

/** After a successful save: clean, at the server's new version. The history is kept, so undo works past a save. */
export const saved: EditorActionReducer<'saved'> = (state, action) =>
  !state.dirty && state.baseVersion === action.version
    ? state
    : { ...state, dirty: false, baseVersion: action.version };
