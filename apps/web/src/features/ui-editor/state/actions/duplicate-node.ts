import { LAYOUT_LIMITS, type LayoutNode, type LayoutNodeType } from '@liveops/domain/layout';
import { commitDocument } from '../commit-document';
import { freshIdFactory } from '../fresh-id';
import { measureLayout } from '../measure-layout';
import { nodePath } from '../node-path';
import type { EditorActionReducer } from '../types';
import { updateAtPath } from '../update-at-path';

function copyWithFreshIds(node: LayoutNode, freshId: (type: LayoutNodeType) => string): LayoutNode {
  const props = Object.fromEntries(
    Object.entries(node.props).map(([name, value]) => [
      name,
      value !== null && typeof value === 'object' ? { ...value } : value,
    ]),
  );
  const copy: LayoutNode = { ...node, id: freshId(node.type), props };
  if (node.children) copy.children = node.children.map((child) => copyWithFreshIds(child, freshId));
  return copy;
}

/**
 * Copies a node and everything inside it, every copy with a fresh id unused anywhere in the document, right
 * after the original, and selects the copy. Refused for the root (it has no siblings) and past
 * LAYOUT_LIMITS.maxNodes.
 */
export const duplicateNode: EditorActionReducer<'duplicateNode'> = (state, action) => {
  const path = nodePath(state.document, action.id);
  if (!path || path.length === 0) return state;
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1]!;
  let copy: LayoutNode | undefined;
  const document = updateAtPath(state.document, parentPath, (parent) => {
    const children = parent.children!.slice();
    copy = copyWithFreshIds(children[index]!, freshIdFactory(state.document));
    children.splice(index + 1, 0, copy);
    return { ...parent, children };
  });
  if (!copy || measureLayout(document).nodes > LAYOUT_LIMITS.maxNodes) return state;
  return commitDocument(state, document, { selectedId: copy.id });
};
