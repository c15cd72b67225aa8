import { DEFAULT_LAYOUT_LABELS, type LayoutNode, layoutNodes, nodeLabel } from '@liveops/domain/layout';

/**
 * The nodes the daily-rewards popup is built around (the spec warns when a layout lacks them): the editor never lets
 * an edit take them out of a document that has them.
 */
export const PROTECTED_LABELS: readonly string[] = [
  DEFAULT_LAYOUT_LABELS.popupFrame,
  DEFAULT_LAYOUT_LABELS.rewardsGrid,
];

function protectedLabelsIn(document: LayoutNode): Set<string> {
  const found = new Set<string>();
  for (const node of layoutNodes(document)) {
    const label = nodeLabel(node);
    if (label !== undefined && PROTECTED_LABELS.includes(label)) found.add(label);
  }
  return found;
}

/**
 * True when every protected label found in `before` is still carried by some node of `after`. Removing,
 * relabelling or removing the parent of the Popup Frame is refused this way; removing one of two Popup Frames
 * (after a duplicate) is not.
 */
export function keepsProtectedLabels(before: LayoutNode, after: LayoutNode): boolean {
  const kept = protectedLabelsIn(after);
  for (const label of protectedLabelsIn(before)) if (!kept.has(label)) return false;
  return true;
}
