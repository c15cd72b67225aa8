import type { LayoutNode } from '@liveops/domain/layout';

/**
 * The document with the node at `path` replaced by `update(node)`, copying only the nodes on the path: every
 * other subtree keeps its identity. The same document back when `update` returns the node unchanged.
 */
export function updateAtPath(
  document: LayoutNode,
  path: readonly number[],
  update: (node: LayoutNode) => LayoutNode,
): LayoutNode {
  if (path.length === 0) return update(document);
  const [index, ...rest] = path as [number, ...number[]];
  const children = document.children ?? [];
  const child = children[index];
  if (!child) return document;
  const next = updateAtPath(child, rest, update);
  if (next === child) return document;
  const copy = children.slice();
  copy[index] = next;
  return { ...document, children: copy };
}
