import type { LayoutNode } from '@liveops/domain';
import { createElement, type CSSProperties, memo, type MouseEvent, useMemo, useSyncExternalStore } from 'react';
import { COMPONENTS } from './components/registry';
import { cx } from './cx';
import { nodeClassName, nodeStyle } from './node-style';
import { HOVERED, SELECTED, type SelectionStore } from './selection-store';
import type { HostProps, NodeDecorator } from './types';

/** What every node of one rendered layout shares; a new value re-renders every node. */
export interface NodeViewShared {
  resolveImage: (source: unknown) => string | null;
  decorate?: NodeDecorator<unknown>;
  selection: SelectionStore;
}

interface NodeViewProps {
  node: LayoutNode;
  /** What the parent asks of this node (a grid's child size): the node's own style comes after it and wins. */
  cell: CSSProperties | undefined;
  /** What the decorator handed down from the ancestors (the day card a node sits in). */
  scope: unknown;
  shared: NodeViewShared;
}

/**
 * One layout node and its children. The layout is trusted (it has been through normaliseLayout or
 * LayoutNodeSchema, so it is at most 12 levels deep and recursion is bounded); props fall back to the §3
 * defaults. Memoised on its props: an edit copies only the nodes on the path to the node it changes (the editor's
 * reducer shares every other subtree), so one edit re-renders that path, not the 500 nodes around it. The
 * decoration is derived here from the node and its scope, so it follows the same rule; the selection outline is
 * read from the SelectionStore.
 */
export const NodeView = memo(function NodeView({ node, cell, scope, shared }: NodeViewProps) {
  const { decorate, selection, resolveImage } = shared;
  const marks = useSyncExternalStore(selection.subscribe, () => selection.marks(node.id));
  const decorated = useMemo(() => decorate?.(node, scope), [decorate, node, scope]);
  const decoration = decorated?.decoration;
  const childScope = decorated?.scope ?? scope;
  const bound = useMemo(
    () => (decoration?.props ? { ...node, props: { ...node.props, ...decoration.props } } : node),
    [node, decoration],
  );
  const component = COMPONENTS[node.type];
  const childCell = useMemo(() => component.childStyle?.(bound), [component, bound]);

  const host: HostProps = {
    ...decoration?.attributes,
    'data-node-id': node.id,
    className: cx(
      nodeClassName(bound),
      decoration?.className,
      (marks & SELECTED) !== 0 && 'cb-selected',
      (marks & HOVERED) !== 0 && 'cb-hovered',
    ),
    style: { ...cell, ...decoration?.style, ...nodeStyle(bound) },
  };
  const activate = decoration?.onActivate;
  if (activate) host.onClick = (_event: MouseEvent) => activate();

  return createElement(
    component.render,
    { node: bound, host, content: decoration?.content, resolveImage },
    node.children?.map((child) => (
      <NodeView key={child.id} node={child} cell={childCell} scope={childScope} shared={shared} />
    )),
    decoration?.overlay,
  );
});
