import { commitDocument } from '../commit-document';
import { keepsProtectedLabels } from '../protected-labels';
import type { EditorActionReducer } from '../types';
import { withoutNode } from '../without-node';

/**
 * Removes a node and everything inside it. Refused for the root and when it would remove the last Popup Frame
 * or Rewards Grid (see canRemove). A selection inside the removed subtree is cleared.
 */
export const removeNode: EditorActionReducer<'removeNode'> = (state, action) => {
  const document = withoutNode(state.document, action.id);
  if (!document || !keepsProtectedLabels(state.document, document)) return state;
  return commitDocument(state, document);
};
