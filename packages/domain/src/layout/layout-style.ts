import { hasForbiddenCharacters } from '../shared/text';
import { LAYOUT_LIMITS, LAYOUT_MESSAGES, type LayoutScalar } from './layout';

/* What a layout node's style may say: the CSS properties it may set and the values it may give them. */

/** CSS properties a node's style may set (React's camelCase names): box, colour, text and flex/grid layout. */
export const SAFE_STYLE_PROPERTIES: ReadonlySet<string> = new Set([
  'color',
  'background',
  'backgroundColor',
  'opacity',
  'width',
  'height',
  'minWidth',
  'minHeight',
  'maxWidth',
  'maxHeight',
  'margin',
  'marginTop',
  'marginRight',
  'marginBottom',
  'marginLeft',
  'padding',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'border',
  'borderTop',
  'borderRight',
  'borderBottom',
  'borderLeft',
  'borderColor',
  'borderWidth',
  'borderStyle',
  'borderRadius',
  'boxShadow',
  'boxSizing',
  'outline',
  'textShadow',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontFamily',
  'lineHeight',
  'letterSpacing',
  'textAlign',
  'textTransform',
  'textDecoration',
  'whiteSpace',
  'wordBreak',
  'overflow',
  'overflowX',
  'overflowY',
  'display',
  'visibility',
  'flex',
  'flexDirection',
  'flexWrap',
  'flexGrow',
  'flexShrink',
  'flexBasis',
  'alignItems',
  'alignSelf',
  'alignContent',
  'justifyContent',
  'justifyItems',
  'justifySelf',
  'gap',
  'rowGap',
  'columnGap',
  'gridTemplateColumns',
  'gridTemplateRows',
  'gridColumn',
  'gridRow',
  'order',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'zIndex',
  'transform',
  'transformOrigin',
  'objectFit',
  'objectPosition',
  'aspectRatio',
]);
/** Positions that keep a node inside its frame: fixed and sticky escape it. */
const SAFE_POSITIONS = new Set(['static', 'relative', 'absolute']);
/** Anything that loads a resource, runs script or escapes the declaration. */
const UNSAFE_STYLE_VALUE =
  /url\s*\(|image-set\s*\(|image\s*\(|cross-fade\s*\(|element\s*\(|expression\s*\(|javascript:|vbscript:|@import|[\\<>{};"`]|\/\*/i;

/** The message for a style that sets a property or value a node may not, or null. */
export function styleProblem(style: Record<string, LayoutScalar>): string | null {
  for (const [name, value] of Object.entries(style)) {
    if (!SAFE_STYLE_PROPERTIES.has(name)) return LAYOUT_MESSAGES.styleInvalid;
    if (typeof value === 'number') continue;
    if (typeof value !== 'string' || value.length > LAYOUT_LIMITS.maxStyleValueChars) {
      return LAYOUT_MESSAGES.styleInvalid;
    }
    if (hasForbiddenCharacters(value) || UNSAFE_STYLE_VALUE.test(value)) return LAYOUT_MESSAGES.styleInvalid;
    if (name === 'position' && !SAFE_POSITIONS.has(value.trim().toLowerCase())) return LAYOUT_MESSAGES.styleInvalid;
  }
  return null;
}
