import { type EditableField, visibleFields } from './component-defaults';
import { LAYOUT_MESSAGES, type LayoutNode, type LayoutPropValue } from './layout';
import { parseLayout } from './parse-layout';

/**
 * Plain decimal notation, optionally signed, with an optional exponent: what a person types into a number field.
 * Hex (0x10), a decimal comma (1,5), Infinity and NaN are not numbers here, though Number() reads some of them.
 */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function parseDecimal(input: string): number | null {
  const text = input.trim();
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  // -0 would be stored and shown as 0 anyway; keep the document free of it.
  return value === 0 ? 0 : value;
}

/**
 * The spec's "Number props in the editor": an empty input clears the prop (undefined, so its default shows again); a
 * number in plain decimal notation is used as is (no component field defines a min or max, so nothing is
 * clamped beyond being finite: "-1" is -1); anything else, including 1e309 (Infinity), keeps the old value or
 * default. 'keep' means "leave the prop as it is", which also covers a number equal to `previous`, so committing
 * an unchanged field dispatches nothing.
 */
export function parseNumberInput(input: string, previous: number | undefined): number | undefined | 'keep' {
  if (input.trim() === '') return undefined;
  const value = parseDecimal(input);
  if (value === null || value === previous) return 'keep';
  return value;
}

/** Slice inputs (one side of a nine-patch slice): empty becomes 0; non-numeric keeps the prior value. */
export function parseSliceInput(input: string, previous: number): number {
  if (input.trim() === '') return 0;
  return parseDecimal(input) ?? previous;
}

/** Props written by the original editor as booleans; a stored "true" string counts too. */
const isOn = (value: LayoutPropValue | undefined) => value === true || value === 'true';

/**
 * The spec's "Editor field visibility": a node with editorHidden is never offered for editing; a node with lockEditing
 * neither, unless it is an image (a locked image's picture can still be swapped).
 */
export function editorNodeVisible(node: LayoutNode): boolean {
  if (isOn(node.props.editorHidden)) return false;
  if (isOn(node.props.lockEditing)) return node.type === 'ImageCB';
  return true;
}

/**
 * The fields the properties panel shows for a node: none when the node is not offered for editing (the panel
 * then says "Selected component is not editable."), else the component's fields whose showIf holds.
 */
export function editableFields(node: LayoutNode): EditableField[] {
  return editorNodeVisible(node) ? visibleFields(node.type, node.props) : [];
}

/** Each selected component has an editable label unless label editing is locked. */
export function canEditLabel(node: LayoutNode): boolean {
  return !isOn(node.props.lockLabelEdit);
}

/** CSS named colours (CSS Color 4), lower case. */
const NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred ' +
    'darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const CHANNEL = `${NUMBER}%?`;
const HUE = `${NUMBER}(?:deg|turn|rad|grad)?`;
/** rgb()/rgba() and hsl()/hsla() with numbers, in the comma syntax or the space syntax with "/ alpha". */
const FUNCTION_COLOR = new RegExp(
  String.raw`^(?:rgba?\(\s*${CHANNEL}\s*,\s*${CHANNEL}\s*,\s*${CHANNEL}\s*(?:,\s*${CHANNEL}\s*)?\)` +
    String.raw`|rgba?\(\s*${CHANNEL}\s+${CHANNEL}\s+${CHANNEL}\s*(?:\/\s*${CHANNEL}\s*)?\)` +
    String.raw`|hsla?\(\s*${HUE}\s*,\s*${CHANNEL}\s*,\s*${CHANNEL}\s*(?:,\s*${CHANNEL}\s*)?\)` +
    String.raw`|hsla?\(\s*${HUE}\s+${CHANNEL}\s+${CHANNEL}\s*(?:\/\s*${CHANNEL}\s*)?\))$`,
  'i',
);

/**
 * Whether the properties panel accepts a colour: #rgb, #rgba, #rrggbb or #rrggbbaa; rgb(), rgba(), hsl() or
 * hsla() of numbers; transparent; or a CSS named colour. Case and surrounding spaces do not matter. Anything
 * else (var(), url(), currentColor, a typo) is refused, so a colour prop never carries more than a colour.
 */
export function isColor(value: string): boolean {
  const text = value.trim();
  if (text.length === 0 || text.length > 64) return false;
  const lower = text.toLowerCase();
  return HEX_COLOR.test(text) || lower === 'transparent' || NAMED_COLORS.has(lower) || FUNCTION_COLOR.test(text);
}

/**
 * The message for one entry of a node's `style` prop, or null when it may be stored: the layout check itself
 * (parseLayout) on a node holding just that entry, so the editor refuses exactly what a save would. An empty
 * value is a problem too: the editor removes an entry instead of storing it empty.
 */
export function styleEntryProblem(name: string, value: string): string | null {
  if (value.trim() === '') return LAYOUT_MESSAGES.styleInvalid;
  const checked = parseLayout({ id: 'style-check', type: 'TextCB', props: { style: { [name]: value.trim() } } });
  return checked.ok ? null : checked.message;
}

/** A style property a designer changes, by its plain name. */
export type StyleProperty = { name: string; label: string };
/** The few things a designer changes about a node's look (decision 055). */
export type StyleGroup = { id: string; label: string; properties: readonly StyleProperty[] };

/**
 * The style properties offered by plain name, in the groups a designer thinks in: text, colour, spacing, size,
 * border, shadow. Every other property of the layout's safe list (layout, position, flex, grid…) is raw CSS, kept
 * behind "Advanced" by its CSS name. Each name here is in SAFE_STYLE_PROPERTIES (a test holds it).
 */
export const STYLE_GROUPS: readonly StyleGroup[] = [
  {
    id: 'text',
    label: 'Text',
    properties: [
      { name: 'fontSize', label: 'Text size' },
      { name: 'fontWeight', label: 'Boldness' },
      { name: 'fontStyle', label: 'Italic' },
      { name: 'fontFamily', label: 'Font' },
      { name: 'textAlign', label: 'Alignment' },
      { name: 'lineHeight', label: 'Line height' },
      { name: 'letterSpacing', label: 'Letter spacing' },
      { name: 'textTransform', label: 'Capitals' },
    ],
  },
  {
    id: 'colour',
    label: 'Colour',
    properties: [
      { name: 'color', label: 'Text colour' },
      { name: 'backgroundColor', label: 'Background colour' },
      { name: 'opacity', label: 'Opacity' },
    ],
  },
  {
    id: 'spacing',
    label: 'Spacing',
    properties: [
      { name: 'padding', label: 'Space inside' },
      { name: 'margin', label: 'Space outside' },
      { name: 'gap', label: 'Space between items' },
    ],
  },
  {
    id: 'size',
    label: 'Size',
    properties: [
      { name: 'width', label: 'Width' },
      { name: 'height', label: 'Height' },
      { name: 'minWidth', label: 'Smallest width' },
      { name: 'maxWidth', label: 'Largest width' },
    ],
  },
  {
    id: 'border',
    label: 'Border',
    properties: [
      { name: 'borderWidth', label: 'Border width' },
      { name: 'borderColor', label: 'Border colour' },
      { name: 'borderStyle', label: 'Border style' },
      { name: 'borderRadius', label: 'Rounded corners' },
    ],
  },
  {
    id: 'shadow',
    label: 'Shadow',
    properties: [
      { name: 'boxShadow', label: 'Shadow' },
      { name: 'textShadow', label: 'Text shadow' },
    ],
  },
];

const PLAIN_STYLE = new Map(
  STYLE_GROUPS.flatMap((group) => group.properties.map((property) => [property.name, { group, property }] as const)),
);

/** A style property's plain name and group, or null for raw CSS (offered under "Advanced" by its CSS name). */
export function plainStyleProperty(name: string): { group: StyleGroup; property: StyleProperty } | null {
  return PLAIN_STYLE.get(name) ?? null;
}

/** Plain words for the options of the editor's select fields; an option without one shows capitalised. */
const OPTION_LABELS: Record<string, Record<string, string>> = {
  // An image node shows an image (its `src`) or a plain colour (`fillColor`): the layout's "source" and "fill".
  type: { source: 'An image', fill: 'A colour' },
  size: { xs: 'Extra small', sm: 'Small', md: 'Medium', lg: 'Large', xl: 'Extra large' },
  align: { center: 'Centre' },
};

/** How an option of a select field reads in the properties panel (the stored value stays the layout's word). */
export function selectOptionLabel(field: string, option: string): string {
  return OPTION_LABELS[field]?.[option] ?? option.charAt(0).toUpperCase() + option.slice(1);
}
