import type { LayoutNode } from '@liveops/domain';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { renderNode } from './render-node';
import { VIEWS_CSS } from './styles';
import type { RenderContext, ViewAsset } from './types';

export interface LayoutRendererProps extends Omit<RenderContext, 'assets'> {
  /** A trusted layout: the output of normaliseLayout, normaliseDailyRewardsLayout or LayoutNodeSchema. */
  layout: LayoutNode;
  /** The game's assets, for `asset:<assetId>` sources. */
  assets?: readonly ViewAsset[];
  /** Injects VIEWS_CSS in a <style> before the layout (default true). */
  withStyles?: boolean;
  /** The frame's own style (a CSS variable such as --cb-accent). */
  style?: CSSProperties;
  /** Drawn over the layout, inside the frame (a close button). */
  children?: ReactNode;
}

const NO_ASSETS: readonly ViewAsset[] = [];

/** A layout in a frame that fills its host: the one renderer of the preview, emulator, embed and published page. */
export function LayoutRenderer({
  layout,
  assets = NO_ASSETS,
  withStyles = true,
  style,
  children,
  decorations,
  selectedId,
  hoveredId,
  onNodeClick,
  onNodeHover,
}: LayoutRendererProps) {
  const assetUrls = useMemo(() => new Map(assets.map((asset) => [asset.assetId, asset.url])), [assets]);
  const tree = useMemo(
    () => renderNode(layout, { assets: assetUrls, decorations, selectedId, hoveredId, onNodeClick, onNodeHover }),
    [layout, assetUrls, decorations, selectedId, hoveredId, onNodeClick, onNodeHover],
  );
  return (
    <div className="cb-view" style={style} onMouseLeave={onNodeHover ? () => onNodeHover(null) : undefined}>
      {withStyles && <style>{VIEWS_CSS}</style>}
      {tree}
      {children}
    </div>
  );
}
