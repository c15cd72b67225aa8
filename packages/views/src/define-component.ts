import { COMPONENT_DEFINITIONS, type LayoutNodeType } from '@liveops/domain/layout';
import type { ViewComponent } from './types';

/** A view component whose fields and defaults are the domain's (they live once, in COMPONENT_DEFINITIONS). */
export function defineComponent(
  type: LayoutNodeType,
  label: string,
  render: ViewComponent['render'],
  childStyle?: ViewComponent['childStyle'],
): ViewComponent {
  const { fields, defaultProps } = COMPONENT_DEFINITIONS[type];
  return childStyle
    ? { type, label, fields, defaultProps, render, childStyle }
    : { type, label, fields, defaultProps, render };
}
