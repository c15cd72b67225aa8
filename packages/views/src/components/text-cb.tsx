import { TEXT_SIZES } from '@liveops/domain/layout';
import { cx } from '../cx';
import { defineComponent } from '../define-component';
import { booleanProp, choiceProp, colorProp, textProp } from '../read-props';
import { TEXT_SIZE_PX } from '../text-sizes';
import type { NodeRenderProps } from '../types';

const WEIGHTS = { normal: 400, semibold: 600, bold: 700 } as const;
const WEIGHT_NAMES = ['normal', 'semibold', 'bold'] as const;
const ALIGNS = ['left', 'center', 'right'] as const;

/** A text, rendered as text: markup in its value shows as the characters typed. */
function TextView({ node, host, children }: NodeRenderProps) {
  return (
    <div
      {...host}
      className={cx('cb-text', host.className)}
      style={{
        color: colorProp(node, 'color'),
        fontSize: TEXT_SIZE_PX[choiceProp(node, 'size', TEXT_SIZES)],
        fontWeight: WEIGHTS[choiceProp(node, 'weight', WEIGHT_NAMES)],
        textAlign: choiceProp(node, 'align', ALIGNS),
        textShadow: booleanProp(node, 'shadow') ? '0 2px 4px rgba(0,0,0,.5)' : undefined,
        ...host.style,
      }}
    >
      {textProp(node, 'value')}
      {children}
    </div>
  );
}

export const TextCB = defineComponent('TextCB', 'Text', TextView);
