import type { LayoutNode } from '@liveops/domain/layout';
import { keepsProtectedLabels } from './protected-labels';
import { withoutNode } from './without-node';

/**
 * Whether removeNode would remove this node: never the root, nor a node whose removal takes the last Popup Frame
 * or Rewards Grid with it (the node itself or one inside it).
 */
export function canRemove(document: LayoutNode, id: string): boolean {
  const next = withoutNode(document, id);
  return next !== null && keepsProtectedLabels(document, next);
}
