import { cx } from '../cx';
import { defineComponent } from '../define-component';
import type { NodeRenderProps } from '../types';

/** The canvas root: fills whatever frame the host gives it. */
function RootView({ host, children }: NodeRenderProps) {
  return (
    <div {...host} className={cx('cb-root', host.className)}>
      {children}
    </div>
  );
}

export const Root = defineComponent('Root', 'Root', RootView);
