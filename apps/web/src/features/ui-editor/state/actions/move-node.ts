import { LAYOUT_LIMITS } from '@liveops/domain/layout';
import { commitDocument } from '../commit-document';
import { clampIndex } from '../clamp-index';
import { findNode } from '../find-node';
import { findParent } from '../find-parent';
import { measureLayout } from '../measure-layout';
import { nodePath } from '../node-path';
import type { EditorActionReducer } from '../types';
import { updateAtPath } from '../update-at-path';
import { withoutNode } from '../without-node';

/**
 * Moves a node (with everything inside it) to `index` among the children of `parentId`, the index counted once
 * the node has left its old place, clamped to the children: moving within one parent to index i leaves it at
 * position i. Refused for the root, for a parent that is the node itself or inside it, for unknown ids, and
 * when the move would nest the layout deeper than LAYOUT_LIMITS.maxDepth. Moving a node to where it is already
 * changes nothing.
 */
export const moveNode: EditorActionReducer<'moveNode'> = (state, action) => {
  const from = nodePath(state.document, action.id);
  if (!from || from.length === 0) return state;
  const node = findNode(state.document, action.id)!;
  if (findNode(node, action.parentId)) return state;
  const removed = withoutNode(state.document, action.id)!;
  const parentPath = nodePath(removed, action.parentId);
  if (!parentPath) return state;
  if (parentPath.length + 1 + measureLayout(node).depth > LAYOUT_LIMITS.maxDepth) return state;
  const old = findParent(state.document, action.id)!;
  const outcome = { unchanged: false };
  const document = updateAtPath(removed, parentPath, (parent) => {
    const children = parent.children?.slice() ?? [];
    const index = clampIndex(action.index, children.length);
    outcome.unchanged = parent.id === old.parent.id && index === old.index;
    children.splice(index, 0, node);
    return { ...parent, children };
  });
  return outcome.unchanged ? state : commitDocument(state, document);
};
