import { findNode } from '../find-node';
import type { EditorActionReducer } from '../types';

/** The node under the pointer; an id not in the document means none. */
export const hover: EditorActionReducer<'hover'> = (state, action) => {
  const hoveredId = action.id !== null && findNode(state.document, action.id) ? action.id : null;
  return hoveredId === state.hoveredId ? state : { ...state, hoveredId };
};
