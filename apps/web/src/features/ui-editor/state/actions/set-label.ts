import { canEditLabel, LAYOUT_LIMITS } from '@liveops/domain/layout';
import { commitDocument } from '../commit-document';
import { nodePath } from '../node-path';
import { keepsProtectedLabels } from '../protected-labels';
import type { EditorActionReducer } from '../types';
import { LABEL_FIELD } from '../typing';
import { updateAtPath } from '../update-at-path';

/**
 * Renames a node in the hierarchy; an empty label removes it (the node then goes by its label prop or type).
 * Refused when label editing is locked, past LAYOUT_LIMITS.maxLabelChars, and when it would rename the last
 * Popup Frame or Rewards Grid. Typed renames of one node are one undo step, as for setProp.
 */
export const setLabel: EditorActionReducer<'setLabel'> = (state, action) => {
  if (action.label.length > LAYOUT_LIMITS.maxLabelChars) return state;
  const path = nodePath(state.document, action.id);
  if (!path) return state;
  const document = updateAtPath(state.document, path, (node) => {
    if (!canEditLabel(node)) return node;
    if (action.label === '') {
      if (node.label === undefined) return node;
      const { label: _removed, ...rest } = node;
      return rest;
    }
    return node.label === action.label ? node : { ...node, label: action.label };
  });
  if (!keepsProtectedLabels(state.document, document)) return state;
  return commitDocument(state, document, { typing: action.typing ? { id: action.id, field: LABEL_FIELD } : null });
};
