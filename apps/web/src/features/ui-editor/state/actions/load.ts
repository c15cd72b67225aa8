import { pruneSelection } from '../prune-selection';
import type { EditorActionReducer } from '../types';

/**
 * A layout from the server replaces the document and the history. The selection and hover survive when their
 * node is in the new layout (the spec clears only a selection whose node has gone), so reloading keeps the panel open.
 * A layout loaded dirty (changed by normalisation) is not what the server holds: nothing in the history is then
 * the saved document. A config's generated default layout (`stored: false`) loads clean: it is what the popup
 * shows until a layout is saved (decision 028).
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
    layoutStored: action.stored ?? true,
    typing: null,
  });
