import { findNode } from '../find-node';
import type { EditorActionReducer } from '../types';

/**
 * Clicking a node selects it, clicking the selected node again deselects it; an unknown id changes nothing.
 * Another selection closes the typing in the fields of the one before.
 */
export const select: EditorActionReducer<'select'> = (state, action) => {
  const selectedId = action.id === null || action.id === state.selectedId ? null : action.id;
  if (selectedId === state.selectedId) return state;
  if (selectedId !== null && !findNode(state.document, selectedId)) return state;
  return { ...state, selectedId, typing: null };
};
