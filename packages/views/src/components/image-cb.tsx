import { propOrDefault, type LayoutNode } from '@liveops/domain/layout';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../cx';
import { defineComponent } from '../define-component';
import { cssUrl } from '../image-source';
import { booleanProp, choiceProp, colorProp, numberProp } from '../read-props';
import type { HostProps, NodeRenderProps } from '../types';

const ANIMATIONS = ['none', 'pulse', 'hover', 'float'] as const;
const IMAGE_TYPES = ['source', 'fill'] as const;
const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** The nine-patch slice in image pixels, each side a whole number from 0 (missing or bad sides are 0). */
function slice(node: LayoutNode): number[] {
  const value = propOrDefault(node.type, node.props, 'slice');
  const record = typeof value === 'object' && value !== null ? value : {};
  return SIDES.map((side) => {
    const n = record[side];
    return typeof n === 'number' && Number.isFinite(n) ? Math.min(Math.max(Math.round(n), 0), 10_000) : 0;
  });
}

/**
 * A nine-patch image is a box whose border is the image: the corners keep their size, the edges and the centre
 * stretch (border-image-slice with fill, the border as wide as the slice).
 */
function ninePatchStyle(node: LayoutNode, src: string): CSSProperties {
  const sides = slice(node);
  return {
    borderStyle: 'solid',
    borderColor: 'transparent',
    borderWidth: sides.map((n) => `${n}px`).join(' '),
    borderImageSource: cssUrl(src),
    borderImageSlice: `${sides.join(' ')} fill`,
    borderImageRepeat: 'stretch',
  };
}

/**
 * An image: a source (an image, or a nine-patch box), a fill of one colour, or a host's content (a pack's emoji).
 * A source that is missing or may not load shows a neutral placeholder box of the same size, never a request.
 */
function ImageView({ node, host, children, content, resolveImage }: NodeRenderProps) {
  const width = numberProp(node, 'width');
  const height = numberProp(node, 'height');
  const animation = choiceProp(node, 'animation', ANIMATIONS);
  const className = cx('cb-image', animation !== 'none' && `cb-anim-${animation}`, host.className);
  const box: CSSProperties = { width, height, borderRadius: numberProp(node, 'radius') };
  if (content !== undefined) {
    return (
      <div
        {...host}
        className={cx(className, 'cb-artwork')}
        style={{ ...box, fontSize: Math.round(Math.min(width, height) * 0.7), ...host.style }}
      >
        {content}
        {children}
      </div>
    );
  }
  if (choiceProp(node, 'type', IMAGE_TYPES) === 'fill') {
    return (
      <div
        {...host}
        className={className}
        style={{ ...box, backgroundColor: colorProp(node, 'fillColor'), ...host.style }}
      >
        {children}
      </div>
    );
  }
  const src = resolveImage(node.props.src);
  if (src === null) {
    return (
      <div {...host} className={cx(className, 'cb-image-placeholder')} style={{ ...box, ...host.style }}>
        {children}
      </div>
    );
  }
  if (booleanProp(node, 'ninePatch')) {
    return (
      <div {...host} className={className} style={{ ...box, ...ninePatchStyle(node, src), ...host.style }}>
        {children}
      </div>
    );
  }
  return <SourceImage host={host} src={src} className={className} box={box} />;
}

/**
 * An image that may not load (a deleted file, a host offline): one that fails becomes the placeholder box the
 * empty source shows, never the browser's broken-image icon. The error is heard by a listener the renderer adds
 * (no inline handler, which the published page's policy forbids); an image that failed before the renderer took
 * the page over (a published page's prerendered <img>) is found failed when the renderer mounts.
 */
function SourceImage({
  host,
  src,
  className,
  box,
}: {
  host: HostProps;
  src: string;
  className: string;
  box: CSSProperties;
}) {
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useLayoutEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && element.getAttribute('src')) setFailed(src);
  }, [src]);
  if (failed === src) {
    return <div {...host} className={cx(className, 'cb-image-placeholder')} style={{ ...box, ...host.style }} />;
  }
  // An <img> holds no children: a layout's children of an image are not shown.
  return (
    <img
      {...host}
      ref={image}
      src={src}
      alt=""
      draggable={false}
      className={className}
      style={{ ...box, ...host.style }}
      onError={() => setFailed(src)}
    />
  );
}

export const ImageCB = defineComponent('ImageCB', 'Image', ImageView);
