import { pruneSelection } from '../prune-selection';
import type { EditorActionReducer } from '../types';

/**
 * Goes back one document. The editor stays dirty even when this returns to the saved document: knowing that
 * would mean keeping the saved document beside the history, and saving an unchanged layout is harmless.
 */
export const undo: EditorActionReducer<'undo'> = (state) => {
  const previous = state.past[state.past.length - 1];
  if (!previous) return state;
  return pruneSelection({
    ...state,
    document: previous,
    past: state.past.slice(0, -1),
    future: [state.document, ...state.future],
    dirty: true,
  });
};
