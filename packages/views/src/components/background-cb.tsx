import { cx } from '../cx';
import { defineComponent } from '../define-component';
import { cssUrl } from '../image-source';
import { colorProp } from '../read-props';
import type { NodeRenderProps } from '../types';

/** The screen behind the popup: the whole frame, a colour (§9 #021031 by default) and an optional image (src). */
function BackgroundView({ node, host, children, resolveImage }: NodeRenderProps) {
  const image = resolveImage(node.props.src);
  return (
    <div
      {...host}
      className={cx('cb-background', host.className)}
      style={{
        backgroundColor: colorProp(node, 'backgroundColor'),
        backgroundImage: image ? cssUrl(image) : undefined,
        ...host.style,
      }}
    >
      {children}
    </div>
  );
}

export const BackgroundCB = defineComponent('BackgroundCB', 'Background', BackgroundView);
