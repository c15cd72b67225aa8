import { pruneSelection } from '../prune-selection';
import type { EditorActionReducer } from '../types';

/**
 * A layout from the server replaces the document and the history. The selection and hover survive when their
 * node is in the new layout (§4 clears only a selection whose node has gone), so reloading keeps the panel open.
 * A layout loaded dirty (generated, or changed by normalisation) is not what the server holds: nothing in the
 * history is then the saved document.
 */
export const load: EditorActionReducer<'load'> = (state, action) =>
  pruneSelection({
    ...state,
    document: action.layout,
    past: [],
    future: [],
    baseVersion: action.version,
    savedDocument: action.dirty ? null : action.layout,
    dirty: action.dirty,
    typing: null,
  });
