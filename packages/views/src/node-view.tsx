import type { LayoutNode } from '@liveops/domain/layout';
import {
  type ComponentType,
  createElement,
  type CSSProperties,
  memo,
  type MouseEvent,
  type ReactElement,
  useMemo,
  useSyncExternalStore,
} from 'react';
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

/** The element of one node and its children, with the editor's marks (selected, hovered) as bits. */
function useNodeElement(
  { node, cell, scope, shared }: NodeViewProps,
  marks: number,
  Child: ComponentType<NodeViewProps>,
): ReactElement {
  const { decorate, resolveImage } = shared;
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
      <Child key={child.id} node={child} cell={childCell} scope={childScope} shared={shared} />
    )),
    decoration?.overlay,
  );
}

/**
 * One layout node and its children, for a player (no selection to show). The layout is trusted (it has been
 * through normaliseLayout or LayoutNodeSchema, so it is at most 12 levels deep and recursion is bounded); props
 * fall back to the spec's defaults. Memoised on its props: an edit copies only the nodes on the path to the node it
 * changes (the editor's reducer shares every other subtree), so one edit re-renders that path, not the 500 nodes
 * around it. The decoration is derived here from the node and its scope, so it follows the same rule.
 */
export const NodeView: ComponentType<NodeViewProps> = memo(function NodeView(props: NodeViewProps) {
  return useNodeElement(props, 0, NodeView);
});

/**
 * NodeView in the editor: each node reads its own outline from the SelectionStore, so moving the selection or
 * the pointer re-renders the few nodes whose outline changes. Kept apart from NodeView so a player's page (on
 * preact/compat, where a store subscription costs a state and two effects per node) pays nothing for it.
 */
export const EditableNodeView: ComponentType<NodeViewProps> = memo(function EditableNodeView(props: NodeViewProps) {
  const { selection } = props.shared;
  const marks = useSyncExternalStore(selection.subscribe, () => selection.marks(props.node.id));
  return useNodeElement(props, marks, EditableNodeView);
});
