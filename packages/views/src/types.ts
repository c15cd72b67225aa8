import type { EditableField, LayoutNode, LayoutNodeType, LayoutProps } from '@liveops/domain/layout';
import type { CSSProperties, MouseEvent, ReactElement, ReactNode } from 'react';

/** What a host adds to one node without touching the layout: bound data, a day's state, a click. */
export interface NodeDecoration {
  /** Merged over the node's own props before it renders (a bound text's value, a themed colour). */
  props?: LayoutProps;
  className?: string;
  attributes?: Record<`data-${string}` | `aria-${string}`, string>;
  style?: CSSProperties;
  /** An ImageCB shows this in a box of its size instead of its image (an emoji); null leaves the box empty. */
  content?: ReactNode;
  /** Drawn after the node's children (a claimed day's check mark). */
  overlay?: ReactNode;
  /** Called when the node is clicked (the claim button). */
  onActivate?: () => void;
}

/** The attributes a component puts on its outermost element. */
export interface HostProps {
  'data-node-id': string;
  className: string;
  style: CSSProperties;
  onClick?: (event: MouseEvent) => void;
  onMouseOver?: (event: MouseEvent) => void;
  [attribute: `data-${string}` | `aria-${string}`]: string | undefined;
}

export interface NodeRenderProps {
  /** The node, its props merged with its decoration's. */
  node: LayoutNode;
  host: HostProps;
  /** The rendered children, then the decoration's overlay. */
  children?: ReactNode;
  content?: ReactNode;
  /** A source as the URL it may load, or null (see resolveImageSource). */
  resolveImage: (source: unknown) => string | null;
}

/**
 * One component as data (puck's ComponentConfig): the domain's fields and defaults, a label for the editor,
 * and the component that renders it. childStyle is what a container asks of each child (a grid's cell size).
 */
export interface ViewComponent {
  type: LayoutNodeType;
  label: string;
  fields: readonly EditableField[];
  defaultProps: LayoutProps;
  render: (props: NodeRenderProps) => ReactElement;
  childStyle?: (node: LayoutNode) => CSSProperties | undefined;
}

/**
 * What a host adds to each node, derived from the node and a scope handed down from its ancestors (the day card
 * a node sits in): a pure function, so a node that did not change keeps its decoration and is not re-rendered.
 * `scope` is what this node's children receive (the node's own scope when undefined).
 */
export type NodeDecorator<Scope> = (
  node: LayoutNode,
  scope: Scope | undefined,
) => { decoration?: NodeDecoration; scope?: Scope } | undefined;

/** What the renderer needs besides the layout; every editor hook is optional. */
export interface RenderContext<Scope = unknown> {
  decorate?: NodeDecorator<Scope>;
  selectedId?: string | null;
  hoveredId?: string | null;
  onNodeClick?: (id: string) => void;
  onNodeHover?: (id: string | null) => void;
}

/** An asset as the renderer needs it: the ID an `asset:` reference names and the URL it loads from. */
export interface ViewAsset {
  assetId: string;
  url: string;
}
