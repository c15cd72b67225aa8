import { pruneSelection } from '../prune-selection';
import type { EditorActionReducer } from '../types';

/** Goes back one document (a burst of typing is one); clean again when that is the saved document. */
export const undo: EditorActionReducer<'undo'> = (state) => {
  const previous = state.past[state.past.length - 1];
  if (!previous) return state;
  return pruneSelection({
    ...state,
    document: previous,
    past: state.past.slice(0, -1),
    future: [state.document, ...state.future],
    dirty: previous !== state.savedDocument,
    typing: null,
  });
};
