import type { LayoutNode } from '@liveops/domain/layout';
import { nodePath } from './node-path';
import { updateAtPath } from './update-at-path';

/** The document without the node with this id (and its subtree); null for the root or an unknown id. */
export function withoutNode(document: LayoutNode, id: string): LayoutNode | null {
  const path = nodePath(document, id);
  if (!path || path.length === 0) return null;
  const index = path[path.length - 1]!;
  return updateAtPath(document, path.slice(0, -1), (parent) => ({
    ...parent,
    children: parent.children!.filter((_, i) => i !== index),
  }));
}
