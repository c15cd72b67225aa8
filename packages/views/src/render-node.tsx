import type { LayoutNode } from '@liveops/domain';
import { createElement, type CSSProperties, type MouseEvent, type ReactElement } from 'react';
import { COMPONENTS } from './components/registry';
import { cx } from './cx';
import { resolveImageSource } from './image-source';
import { nodeClassName, nodeStyle } from './node-style';
import type { HostProps, RenderContext } from './types';

/**
 * One layout node and its children as React elements. The layout is trusted (it has been through
 * normaliseLayout or LayoutNodeSchema, so it is at most 12 levels deep and recursion is bounded); props fall back
 * to the §3 defaults. `cell` is what the parent asks of this node (a grid's child size): the node's own style
 * comes after it and wins.
 */
export function renderNode(node: LayoutNode, context: RenderContext, cell?: CSSProperties): ReactElement {
  const component = COMPONENTS[node.type];
  const decoration = context.decorations?.get(node.id);
  const bound = decoration?.props ? { ...node, props: { ...node.props, ...decoration.props } } : node;
  const { onNodeClick, onNodeHover } = context;
  const activate = decoration?.onActivate;

  const host: HostProps = {
    ...decoration?.attributes,
    'data-node-id': node.id,
    className: cx(
      nodeClassName(bound),
      decoration?.className,
      context.selectedId === node.id && 'cb-selected',
      context.hoveredId === node.id && 'cb-hovered',
    ),
    style: { ...cell, ...decoration?.style, ...nodeStyle(bound) },
  };
  if (onNodeClick || activate) {
    host.onClick = (event: MouseEvent) => {
      if (onNodeClick) {
        // The innermost node under the pointer is the one selected.
        event.stopPropagation();
        onNodeClick(node.id);
      }
      activate?.();
    };
  }
  if (onNodeHover) {
    host.onMouseOver = (event: MouseEvent) => {
      event.stopPropagation();
      onNodeHover(node.id);
    };
  }

  const childCell = component.childStyle?.(bound);
  const children = node.children?.map((child) => renderNode(child, context, childCell));
  return createElement(
    component.render,
    {
      key: node.id,
      node: bound,
      host,
      content: decoration?.content,
      resolveImage: (source: unknown) => resolveImageSource(source, context.assets),
    },
    children,
    decoration?.overlay,
  );
}
