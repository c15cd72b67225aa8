import type { LayoutNode } from '@liveops/domain/layout';

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

/** The hierarchy's rows with their ids, both reusing the previous listing's objects wherever nothing changed. */
export interface TreeListing {
  rows: TreeRow[];
  ids: string[];
  byId: Map<string, TreeRow>;
}

const sameRow = (a: TreeRow, b: TreeRow) =>
  a.node === b.node &&
  a.depth === b.depth &&
  a.parentId === b.parentId &&
  a.index === b.index &&
  a.siblings === b.siblings;

/**
 * treeRows, keeping the identity of every row whose node and place did not change, and of the id list when the
 * order did not change: an edit of one node re-renders one row of a 500-row hierarchy, and the drag-and-drop
 * context, keyed on the id list, is not rebuilt at all.
 */
export function stableTreeRows(root: LayoutNode | null, previous: TreeListing | null): TreeListing {
  const fresh = root ? treeRows(root) : [];
  const rows = fresh.map((row) => {
    const old = previous?.byId.get(row.node.id);
    return old && sameRow(old, row) ? old : row;
  });
  const freshIds = rows.map((row) => row.node.id);
  const oldIds = previous?.ids;
  const ids =
    oldIds && oldIds.length === freshIds.length && oldIds.every((id, i) => id === freshIds[i]) ? oldIds : freshIds;
  return { rows, ids, byId: new Map(rows.map((row) => [row.node.id, row])) };
}
