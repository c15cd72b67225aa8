import type { LayoutNode } from '@liveops/domain/layout';

/** The node with this id, depth first without recursion, else null. */
export function findNode(document: LayoutNode, id: string): LayoutNode | null {
  const stack = [document];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.id === id) return node;
    if (node.children) for (const child of node.children) stack.push(child);
  }
  return null;
}
