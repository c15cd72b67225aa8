import type { LayoutNode } from '@liveops/domain';

/** One row of the hierarchy: a node, how deep it sits, and where among its parent's children. */
export interface TreeRow {
  node: LayoutNode;
  depth: number;
  parentId: string | null;
  index: number;
  siblings: number;
}

/** The layout as the hierarchy lists it: depth first, each node after its parent, without recursion. */
export function treeRows(root: LayoutNode): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: TreeRow[] = [{ node: root, depth: 0, parentId: null, index: 0, siblings: 1 }];
  while (stack.length) {
    const row = stack.pop()!;
    rows.push(row);
    const children = row.node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({
        node: children[i]!,
        depth: row.depth + 1,
        parentId: row.node.id,
        index: i,
        siblings: children.length,
      });
    }
  }
  return rows;
}
