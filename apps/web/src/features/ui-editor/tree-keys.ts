import type { TreeRow } from './tree-rows';

/** The collapsed nodes without the ancestors of `id`, so its row shows; the same set when none was collapsed. */
export function openedTo(
  collapsed: ReadonlySet<string>,
  byId: ReadonlyMap<string, TreeRow>,
  id: string | null,
): ReadonlySet<string> {
  if (collapsed.size === 0 || id === null) return collapsed;
  const ancestors: string[] = [];
  for (let parent = byId.get(id)?.parentId; parent; parent = byId.get(parent)?.parentId) {
    if (collapsed.has(parent)) ancestors.push(parent);
  }
  if (ancestors.length === 0) return collapsed;
  const next = new Set(collapsed);
  for (const ancestor of ancestors) next.delete(ancestor);
  return next;
}

/** The rows the tree shows: every row but those inside a collapsed node, in order. */
export function visibleTreeRows(rows: readonly TreeRow[], collapsed: ReadonlySet<string>): TreeRow[] {
  if (collapsed.size === 0) return rows as TreeRow[];
  const out: TreeRow[] = [];
  let hiddenBelow = Infinity;
  for (const row of rows) {
    if (row.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(row.node.id) ? row.depth : Infinity;
    out.push(row);
  }
  return out;
}

/**
 * What a key does on a row of the hierarchy, as a WAI-ARIA tree (decision 028): ↑/↓ go to the row above or
 * below, Home/End to the first or last; → expands a collapsed node, or goes to the first child of an expanded
 * one; ← collapses an expanded node, or goes to the parent. `id` is the row to go to, `toggle` that the row's
 * own branch opens or closes; null for a key the tree does not use.
 */
export function treeKeyTarget(
  visible: readonly TreeRow[],
  collapsed: ReadonlySet<string>,
  row: TreeRow,
  key: string,
): { id?: string; toggle?: true } | null {
  const at = visible.indexOf(row);
  if (at === -1) return null;
  const hasChildren = (row.node.children?.length ?? 0) > 0;
  const open = hasChildren && !collapsed.has(row.node.id);
  switch (key) {
    case 'ArrowDown':
      return { id: (visible[at + 1] ?? row).node.id };
    case 'ArrowUp':
      return { id: (visible[at - 1] ?? row).node.id };
    case 'Home':
      return { id: visible[0]!.node.id };
    case 'End':
      return { id: visible[visible.length - 1]!.node.id };
    case 'ArrowRight':
      if (!hasChildren) return null;
      return open ? { id: row.node.children![0]!.id } : { toggle: true };
    case 'ArrowLeft':
      if (open) return { toggle: true };
      return row.parentId === null ? null : { id: row.parentId };
    default:
      return null;
  }
}
