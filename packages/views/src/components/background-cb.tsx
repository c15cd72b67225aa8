import { useRef } from 'react';
import { cx } from '../cx';
import { defineComponent } from '../define-component';
import { cssUrl } from '../image-source';
import { colorProp } from '../read-props';
import type { NodeRenderProps } from '../types';
import { fitStyle } from '../fit';
import { useFitScale } from './use-fit-scale';

/**
 * The screen behind the popup: the whole frame, a colour (#021031 by default) and an optional image (src). What
 * it holds is scaled down to fit the screen when it is taller or wider (a portrait popup on a landscape screen).
 */
function BackgroundView({ node, host, children, resolveImage }: NodeRenderProps) {
  const image = resolveImage(node.props.src);
  const screen = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const fit = useFitScale(screen, content);
  return (
    <div
      ref={screen}
      {...host}
      className={cx('cb-background', host.className)}
      style={{
        backgroundColor: colorProp(node, 'backgroundColor'),
        backgroundImage: image ? cssUrl(image) : undefined,
        ...host.style,
      }}
    >
      <div ref={content} className="cb-fit" style={fitStyle(fit)}>
        {children}
      </div>
    </div>
  );
}

export const BackgroundCB = defineComponent('BackgroundCB', 'Background', BackgroundView);
