import { TEXT_SIZES } from '@liveops/domain/layout';
import { cx } from '../cx';
import { defineComponent } from '../define-component';
import { cssUrl } from '../image-source';
import { booleanProp, choiceProp, colorProp, numberProp, textProp } from '../read-props';
import { TEXT_SIZE_PX } from '../text-sizes';
import type { NodeRenderProps } from '../types';

/** A button: its label prop is its text (cbLabel names it in the hierarchy); fillImage covers its colour. */
function ButtonView({ node, host, children, resolveImage }: NodeRenderProps) {
  const fillImage = resolveImage(node.props.fillImage);
  return (
    <button
      type="button"
      {...host}
      disabled={booleanProp(node, 'disabled')}
      className={cx('cb-button', host.className)}
      style={{
        width: numberProp(node, 'width'),
        height: numberProp(node, 'height'),
        borderRadius: numberProp(node, 'radius'),
        backgroundColor: colorProp(node, 'color'),
        backgroundImage: fillImage ? cssUrl(fillImage) : undefined,
        color: colorProp(node, 'textColor'),
        fontSize: TEXT_SIZE_PX[choiceProp(node, 'textSize', TEXT_SIZES)],
        ...host.style,
      }}
    >
      {textProp(node, 'label')}
      {children}
    </button>
  );
}

export const ButtonCB = defineComponent('ButtonCB', 'Button', ButtonView);
