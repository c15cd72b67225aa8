import type { LayoutNode } from '@liveops/domain/layout';

/** How many nodes a (sub)tree has and how many levels deep it goes (1 for a leaf), without recursion. */
export function measureLayout(root: LayoutNode): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: { node: LayoutNode; level: number }[] = [{ node: root, level: 1 }];
  while (stack.length) {
    const { node, level } = stack.pop()!;
    nodes++;
    if (level > depth) depth = level;
    if (node.children) for (const child of node.children) stack.push({ node: child, level: level + 1 });
  }
  return { nodes, depth };
}
