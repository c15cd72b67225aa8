import { pruneSelection } from '../prune-selection';
import type { EditorActionReducer } from '../types';

/**
 * A layout from the server replaces the document and the history. The selection and hover survive when their
 * node is in the new layout (§4 clears only a selection whose node has gone), so reloading keeps the panel open.
 */
export const load: EditorActionReducer<'load'> = (state, action) =>
  pruneSelection({
    ...state,
    document: action.layout,
    past: [],
    future: [],
    baseVersion: action.version,
    dirty: action.dirty,
  });
