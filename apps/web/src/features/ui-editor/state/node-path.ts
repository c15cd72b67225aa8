import type { LayoutNode } from '@liveops/domain/layout';

/** The child indexes leading from the root to the node with this id ([] for the root), else null. */
export function nodePath(document: LayoutNode, id: string): number[] | null {
  const stack: { node: LayoutNode; path: number[] }[] = [{ node: document, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (node.id === id) return path;
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, path: [...path, i] });
  }
  return null;
}
