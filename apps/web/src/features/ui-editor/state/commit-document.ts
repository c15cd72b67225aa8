import type { LayoutNode } from '@liveops/domain/layout';
import { HISTORY_LIMIT } from './history-limit';
import { pruneSelection } from './prune-selection';
import type { EditorState, TypingField } from './types';
import { sameField } from './typing';

/**
 * An edit's new document: the previous one goes onto the undo history (the oldest dropped past HISTORY_LIMIT),
 * redo is cleared, and a selection whose node has gone is cleared. `selectedId`, when given, is what the edit
 * selects (a node just added). A keystroke (`typing`) in the field whose typing is still open replaces the
 * document without a new undo step, so a burst of typing undoes at once; any other edit closes that typing.
 * The same state back when the document did not change.
 */
export function commitDocument(
  state: EditorState,
  document: LayoutNode,
  { selectedId, typing = null }: { selectedId?: string | null; typing?: TypingField | null } = {},
): EditorState {
  if (document === state.document) return state;
  let past = state.past;
  if (!sameField(typing, state.typing)) {
    past = state.past.length >= HISTORY_LIMIT ? state.past.slice(-(HISTORY_LIMIT - 1)) : state.past.slice();
    past.push(state.document);
  }
  return pruneSelection({
    ...state,
    document,
    past,
    future: [],
    dirty: document !== state.savedDocument,
    typing,
    selectedId: selectedId === undefined ? state.selectedId : selectedId,
  });
}
