import type { LayoutNode } from '@liveops/domain/layout';
import { nodePath } from './node-path';

/** The parent of the node with this id and the node's index among its children; null for the root or none. */
export function findParent(document: LayoutNode, id: string): { parent: LayoutNode; index: number } | null {
  const path = nodePath(document, id);
  if (!path || path.length === 0) return null;
  let parent = document;
  for (const index of path.slice(0, -1)) parent = parent.children![index]!;
  return { parent, index: path[path.length - 1]! };
}
