import { COMPONENT_DEFINITIONS, LAYOUT_LIMITS, type LayoutNode, type LayoutProps } from '@liveops/domain/layout';
import { clampIndex } from '../clamp-index';
import { commitDocument } from '../commit-document';
import { freshIdFactory } from '../fresh-id';
import { measureLayout } from '../measure-layout';
import { nodePath } from '../node-path';
import type { EditorActionReducer } from '../types';
import { updateAtPath } from '../update-at-path';

/** A node's own copy of its defaults: a slice object is never shared between nodes. */
const copyProps = (props: LayoutProps): LayoutProps =>
  Object.fromEntries(
    Object.entries(props).map(([name, value]) => [
      name,
      value !== null && typeof value === 'object' ? { ...value } : value,
    ]),
  );

/**
 * Inserts a new node of a type, with that type's default props and a fresh id, into a parent at an index (the
 * end when none is given; clamped to the children), and selects it. Refused for an unknown parent and when the
 * layout would pass LAYOUT_LIMITS (nodes or depth), which the server would refuse on save.
 */
export const addNode: EditorActionReducer<'addNode'> = (state, action) => {
  const path = nodePath(state.document, action.parentId);
  if (!path) return state;
  if (path.length + 2 > LAYOUT_LIMITS.maxDepth) return state;
  if (measureLayout(state.document).nodes + 1 > LAYOUT_LIMITS.maxNodes) return state;
  const node: LayoutNode = {
    id: freshIdFactory(state.document)(action.nodeType),
    type: action.nodeType,
    props: copyProps(COMPONENT_DEFINITIONS[action.nodeType].defaultProps),
  };
  const document = updateAtPath(state.document, path, (parent) => {
    const children = parent.children?.slice() ?? [];
    const index = clampIndex(action.index, children.length);
    children.splice(index, 0, node);
    return { ...parent, children };
  });
  return commitDocument(state, document, { selectedId: node.id });
};
