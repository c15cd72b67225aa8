import type { LayoutNode } from '@liveops/domain';
import { HISTORY_LIMIT } from './history-limit';
import { pruneSelection } from './prune-selection';
import type { EditorState } from './types';

/**
 * An edit's new document: the previous one goes onto the undo history (the oldest dropped past HISTORY_LIMIT),
 * redo is cleared, the editor is dirty, and a selection whose node has gone is cleared. `selectedId`, when
 * given, is what the edit selects (a node just added). The same state back when the document did not change.
 */
export function commitDocument(state: EditorState, document: LayoutNode, selectedId?: string | null): EditorState {
  if (document === state.document) return state;
  const past = state.past.length >= HISTORY_LIMIT ? state.past.slice(-(HISTORY_LIMIT - 1)) : state.past.slice();
  past.push(state.document);
  return pruneSelection({
    ...state,
    document,
    past,
    future: [],
    dirty: true,
    selectedId: selectedId === undefined ? state.selectedId : selectedId,
  });
}
