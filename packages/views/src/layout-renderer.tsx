import type { LayoutNode } from '@liveops/domain/layout';
import { type CSSProperties, type MouseEvent, type ReactNode, useLayoutEffect, useMemo, useState } from 'react';
import { resolveImageSource } from './image-source';
import { EditableNodeView, NodeView, type NodeViewShared } from './node-view';
import { SelectionStore } from './selection-store';
import type { RenderContext, ViewAsset } from './types';

export interface LayoutRendererProps<Scope = unknown> extends RenderContext<Scope> {
  /** A trusted layout: the output of normaliseLayout, normaliseDailyRewardsLayout or LayoutNodeSchema. */
  layout: LayoutNode;
  /** The game's assets, for `asset:<assetId>` sources. */
  assets?: readonly ViewAsset[];
  /** The frame's own style (a CSS variable such as --cb-accent). */
  style?: CSSProperties;
  /** Drawn over the layout, inside the frame (a close button). */
  children?: ReactNode;
}

const NO_ASSETS: readonly ViewAsset[] = [];

/** The innermost layout node at an event's target, inside the frame `root`. */
function nodeIdAt(event: MouseEvent<HTMLElement>): string | null {
  // Not `instanceof Element`: the preview may render in a frame, whose elements belong to another window's Element.
  // A target that is not an element (a text node, the document) has no closest.
  const target = event.target as Partial<Element> | null;
  const node = target?.closest?.('[data-node-id]');
  return node && event.currentTarget.contains(node) ? node.getAttribute('data-node-id') : null;
}

/**
 * A layout in a frame that fills its host: the one renderer of the preview, emulator, embed and published page.
 * Clicks and hovers are read once, at the frame, for the innermost node under the pointer. Its stylesheet,
 * VIEWS_CSS, is the host document's to carry, once.
 */
export function LayoutRenderer<Scope = unknown>({
  layout,
  assets = NO_ASSETS,
  style,
  children,
  decorate,
  selectedId = null,
  hoveredId = null,
  onNodeClick,
  onNodeHover,
}: LayoutRendererProps<Scope>) {
  const [selection] = useState(() => new SelectionStore(selectedId, hoveredId));
  useLayoutEffect(() => selection.set(selectedId, hoveredId), [selection, selectedId, hoveredId]);

  // The editor's outlines need the store per node; a player's popup never changes selection.
  const editing = onNodeClick !== undefined || onNodeHover !== undefined || selectedId !== null || hoveredId !== null;
  const Root = editing ? EditableNodeView : NodeView;
  const shared = useMemo<NodeViewShared>(() => {
    const urls = new Map(assets.map((asset) => [asset.assetId, asset.url]));
    return {
      resolveImage: (source: unknown) => resolveImageSource(source, urls),
      decorate: decorate as NodeViewShared['decorate'],
      selection,
    };
  }, [assets, decorate, selection]);

  return (
    <div
      className="cb-view"
      style={style}
      onClick={
        onNodeClick
          ? (event) => {
              const id = nodeIdAt(event);
              if (id !== null) onNodeClick(id);
            }
          : undefined
      }
      onMouseOver={
        onNodeHover
          ? (event) => {
              const id = nodeIdAt(event);
              if (id !== null) onNodeHover(id);
            }
          : undefined
      }
      onMouseLeave={onNodeHover ? () => onNodeHover(null) : undefined}
    >
      <Root node={layout} cell={undefined} scope={undefined} shared={shared} />
      {children}
    </div>
  );
}
