import type { LayoutNode } from '@liveops/domain/layout';
import type { CSSProperties } from 'react';
import { cx } from '../cx';
import { defineComponent } from '../define-component';
import { booleanProp, choiceProp, colorProp, numberProp } from '../read-props';
import type { NodeRenderProps } from '../types';

const ALIGNS = ['start', 'center', 'end', 'stretch'] as const;
const JUSTIFIES = ['start', 'center', 'end', 'space-between', 'space-around'] as const;
const DIRECTIONS = ['row', 'column'] as const;
const FLEX: Record<string, string> = { start: 'flex-start', end: 'flex-end' };

/**
 * A row grid is a CSS grid of `columns` equal tracks (or tracks of childWidth), wrapping onto new rows unless
 * wrap is off, when it stays one row; a column grid is a flex column. align places the children across the
 * flow, justify along it; childWidth and childHeight, when above 0, size every child.
 */
function layoutStyle(node: LayoutNode): CSSProperties {
  const gap = numberProp(node, 'gap');
  const align = choiceProp(node, 'align', ALIGNS);
  const justify = choiceProp(node, 'justify', JUSTIFIES);
  if (choiceProp(node, 'direction', DIRECTIONS) === 'column') {
    return {
      display: 'flex',
      flexDirection: 'column',
      flexWrap: booleanProp(node, 'wrap') ? 'wrap' : 'nowrap',
      gap,
      alignItems: FLEX[align] ?? align,
      justifyContent: FLEX[justify] ?? justify,
    };
  }
  const columns = Math.round(numberProp(node, 'columns', 1, 24));
  const childWidth = numberProp(node, 'childWidth');
  const childHeight = numberProp(node, 'childHeight');
  const track = childWidth > 0 ? `${childWidth}px` : 'minmax(0, 1fr)';
  return {
    display: 'grid',
    gridTemplateColumns: `repeat(${columns}, ${track})`,
    gridAutoFlow: booleanProp(node, 'wrap') ? 'row' : 'column',
    gridAutoColumns: track,
    gridAutoRows: childHeight > 0 ? `${childHeight}px` : undefined,
    gap,
    alignItems: align,
    justifyContent: justify,
  };
}

function childStyle(node: LayoutNode): CSSProperties | undefined {
  const width = numberProp(node, 'childWidth');
  const height = numberProp(node, 'childHeight');
  if (width <= 0 && height <= 0) return undefined;
  return { width: width > 0 ? width : undefined, height: height > 0 ? height : undefined };
}

function GridView({ node, host, children }: NodeRenderProps) {
  return (
    <div
      {...host}
      className={cx('cb-grid', host.className)}
      style={{
        ...layoutStyle(node),
        padding: numberProp(node, 'padding'),
        borderRadius: numberProp(node, 'radius'),
        backgroundColor: colorProp(node, 'backgroundColor'),
        ...host.style,
      }}
    >
      {children}
    </div>
  );
}

export const GridCB = defineComponent('GridCB', 'Grid', GridView, childStyle);
