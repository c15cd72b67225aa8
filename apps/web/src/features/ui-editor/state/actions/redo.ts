import { pruneSelection } from '../prune-selection';
import type { EditorActionReducer } from '../types';

/** Goes forward one undone document; clean when that is the saved document. */
export const redo: EditorActionReducer<'redo'> = (state) => {
  const [next, ...future] = state.future;
  if (!next) return state;
  return pruneSelection({
    ...state,
    document: next,
    past: [...state.past, state.document],
    future,
    dirty: next !== state.savedDocument,
    typing: null,
  });
};
