import { findNode } from './find-node';
import type { EditorState } from './types';

/** A selected or hovered node that is no longer in the document is no longer selected or hovered. */
export function pruneSelection(state: EditorState): EditorState {
  const selectedId = state.selectedId !== null && findNode(state.document, state.selectedId) ? state.selectedId : null;
  const hoveredId = state.hoveredId !== null && findNode(state.document, state.hoveredId) ? state.hoveredId : null;
  return selectedId === state.selectedId && hoveredId === state.hoveredId ? state : { ...state, selectedId, hoveredId };
}
