import { formatNumber } from '../shared/format-number';
import { hasForbiddenCharacters, TEXT_MESSAGES } from '../shared/text';

/** §3: the component types a UI layout is built from. */
export const LAYOUT_NODE_TYPES = ['Root', 'BackgroundCB', 'ImageCB', 'TextCB', 'ButtonCB', 'GridCB'] as const;
export type LayoutNodeType = (typeof LAYOUT_NODE_TYPES)[number];

export type LayoutScalar = string | number | boolean | null;
/** A prop is a JSON scalar or a flat object of scalars (a slice, a style). */
export type LayoutPropValue = LayoutScalar | { [key: string]: LayoutScalar };
export type LayoutProps = { [key: string]: LayoutPropValue };

export interface LayoutNode {
  id: string;
  type: LayoutNodeType;
  props: LayoutProps;
  label?: string;
  children?: LayoutNode[];
}

/**
 * How the daily-rewards renderer fills a layout with a config's data. A node with `props.day` (1–7) shows that
 * day: its descendants with `props.bind` get the day's data ('day.label' → "Day N" as a TextCB value,
 * 'pack.image' → the pack's artwork as an ImageCB src, 'pack.amount' / 'pack.name' → TextCB values) and the
 * node itself takes the day's state (claimed, today, upcoming). A ButtonCB with `bind: 'claim'` is the claim
 * button. Anything else renders exactly as stored.
 */
export const LAYOUT_BINDINGS = ['day.label', 'pack.image', 'pack.amount', 'pack.name', 'claim'] as const;
export type LayoutBinding = (typeof LAYOUT_BINDINGS)[number];

/**
 * Bounds for layouts from anywhere (the API, a stored document, an embed URL). Depth counts node levels: the
 * API refuses JSON nested deeper than JSON_MAX_DEPTH (32) and every level costs two (the node and its children
 * array), so 12 levels plus props.style and the request's own envelope stay inside it. The default layout is 6
 * deep.
 */
export const LAYOUT_LIMITS = {
  maxNodes: 2000,
  maxDepth: 12,
  /** The layout's JSON size, counted as its strings, keys and punctuation. */
  maxChars: 1_000_000,
  maxIdChars: 128,
  maxLabelChars: 200,
  maxProps: 64,
  maxPropObjectKeys: 48,
  /** Any string prop (a text's value) but the image sources. */
  maxTextChars: 2000,
  maxUrlChars: 2048,
  maxStyleValueChars: 200,
  maxClassNameChars: 200,
} as const;

/**
 * Images come from an http(s) address, a root-relative path on the product's own origin (/testAssets/…), an
 * inline PNG, JPEG, GIF or WebP data URL, or a reference to one of the game's assets by its asset ID,
 * written `asset:<assetId>`, which the renderer resolves to the asset's URL.
 */
export const ASSET_REFERENCE_PREFIX = 'asset:';
const ASSET_REFERENCE = /^asset:([A-Za-z0-9_-]{1,64})$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const IMAGE_PROPS = new Set(['src', 'fillImage']);

export const LAYOUT_MESSAGES = {
  invalid: 'The layout is not valid.',
  notANode: 'A layout node is an object with an id, a type and props.',
  idInvalid: `A layout node's id is 1 to ${LAYOUT_LIMITS.maxIdChars} letters, digits, -, _, : or . characters.`,
  idDuplicate: 'Each layout node needs its own id.',
  typeUnknown: `A layout node's type is one of ${LAYOUT_NODE_TYPES.join(', ')}.`,
  labelInvalid: `A layout node's label is text of at most ${LAYOUT_LIMITS.maxLabelChars} characters.`,
  propsInvalid: `A layout node's props are an object of at most ${LAYOUT_LIMITS.maxProps} entries.`,
  propNameInvalid: 'Prop names are letters, digits and _, starting with a letter.',
  propValueInvalid: 'Prop values are text, numbers, true, false, null or a small object of those.',
  textTooLong: `Keep each text under ${formatNumber(LAYOUT_LIMITS.maxTextChars)} characters.`,
  controlCharacters: TEXT_MESSAGES.controlCharacters,
  imageSourceInvalid:
    'Images are an http(s) address, a PNG, JPEG, GIF or WebP data URL, or an asset reference (asset:<asset ID>).',
  styleInvalid:
    'Styles use common CSS properties with plain values: no url(), expression(), scripts, or fixed and sticky positions.',
  classNameInvalid: 'Class names are letters, digits and - _ : / . separated by single spaces.',
  bindingInvalid: `A binding is one of ${LAYOUT_BINDINGS.join(', ')}.`,
  dayInvalid: 'A card day is a whole number from 1 to 7.',
  childrenInvalid: "A layout node's children are a list of nodes.",
  tooManyNodes: `A layout can have at most ${formatNumber(LAYOUT_LIMITS.maxNodes)} nodes.`,
  tooDeep: `A layout can be nested at most ${LAYOUT_LIMITS.maxDepth} levels deep.`,
  tooLarge: `A layout can be at most ${formatNumber(LAYOUT_LIMITS.maxChars)} characters.`,
} as const;

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
const CLASS_NAME = /^[A-Za-z0-9_:./-]+( [A-Za-z0-9_:./-]+)*$/;
const NODE_ID = /^[A-Za-z0-9_.:-]+$/;
const PROP_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** True for a source an image may load: see ASSET_REFERENCE_PREFIX. The empty string means "no image". */
export function isSafeImageSource(value: string): boolean {
  if (value === '') return true;
  if (hasForbiddenCharacters(value)) return false;
  if (ASSET_REFERENCE.test(value)) return true;
  if (value.startsWith('data:')) return value.length <= LAYOUT_LIMITS.maxChars && DATA_IMAGE.test(value);
  if (value.length > LAYOUT_LIMITS.maxUrlChars || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The asset ID of an `asset:<assetId>` source, else null. */
export function assetReferenceId(source: string): string | null {
  return ASSET_REFERENCE.exec(source)?.[1] ?? null;
}

export function assetReference(assetId: string): string {
  return `${ASSET_REFERENCE_PREFIX}${assetId}`;
}

type Problem = { message: string; path: (string | number)[] };
/** A checked layout: its clean copy, or the first problem found and where. */
export type LayoutCheck = { ok: true; layout: LayoutNode } | ({ ok: false } & Problem);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is LayoutScalar =>
  value === null ||
  typeof value === 'boolean' ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value));

/** The message for a string that is not fit to store or show, or null. */
function textProblem(
  text: string,
  max: number = LAYOUT_LIMITS.maxTextChars,
  tooLong: string = LAYOUT_MESSAGES.textTooLong,
): string | null {
  if (text.length > max) return tooLong;
  if (hasForbiddenCharacters(text)) return LAYOUT_MESSAGES.controlCharacters;
  return null;
}

function styleProblem(style: Record<string, LayoutScalar>): string | null {
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

/** One prop's value, checked by what its name means. Returns the message, or null when it may be kept. */
function propProblem(name: string, value: unknown): string | null {
  if (isScalar(value)) {
    if (IMAGE_PROPS.has(name)) {
      return typeof value === 'string' && isSafeImageSource(value) ? null : LAYOUT_MESSAGES.imageSourceInvalid;
    }
    if (name === 'style') return LAYOUT_MESSAGES.styleInvalid;
    if (name === 'className') {
      return typeof value === 'string' &&
        value.length <= LAYOUT_LIMITS.maxClassNameChars &&
        (value === '' || CLASS_NAME.test(value))
        ? null
        : LAYOUT_MESSAGES.classNameInvalid;
    }
    if (name === 'bind') {
      return (LAYOUT_BINDINGS as readonly unknown[]).includes(value) ? null : LAYOUT_MESSAGES.bindingInvalid;
    }
    if (name === 'day') {
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7
        ? null
        : LAYOUT_MESSAGES.dayInvalid;
    }
    return typeof value === 'string' ? textProblem(value) : null;
  }
  if (!isRecord(value) || IMAGE_PROPS.has(name)) {
    return IMAGE_PROPS.has(name) ? LAYOUT_MESSAGES.imageSourceInvalid : LAYOUT_MESSAGES.propValueInvalid;
  }
  const entries = Object.entries(value);
  if (entries.length > LAYOUT_LIMITS.maxPropObjectKeys) return LAYOUT_MESSAGES.propValueInvalid;
  for (const [key, entry] of entries) {
    if (!PROP_NAME.test(key) || !isScalar(entry)) {
      return name === 'style' ? LAYOUT_MESSAGES.styleInvalid : LAYOUT_MESSAGES.propValueInvalid;
    }
    if (typeof entry === 'string') {
      const problem = textProblem(entry);
      if (problem) return problem;
    }
  }
  return name === 'style' ? styleProblem(value as Record<string, LayoutScalar>) : null;
}

/** Rough JSON size of a checked value: enough to bound the total without serialising it. */
const sizeOf = (value: unknown): number =>
  typeof value === 'string'
    ? value.length + 3
    : isRecord(value)
      ? Object.entries(value).reduce((sum, [key, entry]) => sum + key.length + 3 + sizeOf(entry), 2)
      : 8;

/**
 * Checks an untrusted layout and builds a clean copy of it (only id, type, props, label and children; props
 * with undefined values dropped). Walks without recursion, and refuses a list of children that would pass the
 * node or depth bound before looking into it, so a 100,000-node or 1,000-deep layout costs next to nothing.
 */
function checkLayout(input: unknown): LayoutCheck {
  const ids = new Set<string>();
  const rootHolder: LayoutNode[] = [];
  const stack: { value: unknown; depth: number; path: (string | number)[]; into: LayoutNode[]; at: number }[] = [
    { value: input, depth: 1, path: [], into: rootHolder, at: 0 },
  ];
  let nodes = 1;
  let chars = 0;
  const fail = (message: string, path: (string | number)[]): LayoutCheck => ({ ok: false, message, path });
  while (stack.length) {
    const { value, depth, path, into, at } = stack.pop()!;
    if (!isRecord(value)) return fail(LAYOUT_MESSAGES.notANode, path);
    const { id, type, props = {}, label, children } = value;
    if (typeof id !== 'string' || id.length === 0 || id.length > LAYOUT_LIMITS.maxIdChars || !NODE_ID.test(id)) {
      return fail(LAYOUT_MESSAGES.idInvalid, [...path, 'id']);
    }
    if (ids.has(id)) return fail(LAYOUT_MESSAGES.idDuplicate, [...path, 'id']);
    ids.add(id);
    if (!(LAYOUT_NODE_TYPES as readonly unknown[]).includes(type)) {
      return fail(LAYOUT_MESSAGES.typeUnknown, [...path, 'type']);
    }
    const node: LayoutNode = { id, type: type as LayoutNodeType, props: {} };
    chars += id.length + (type as string).length + 40;
    if (label !== undefined && label !== null) {
      const problem =
        typeof label === 'string'
          ? textProblem(label, LAYOUT_LIMITS.maxLabelChars, LAYOUT_MESSAGES.labelInvalid)
          : LAYOUT_MESSAGES.labelInvalid;
      if (problem) return fail(problem, [...path, 'label']);
      node.label = label as string;
      chars += (label as string).length + 10;
    }
    if (!isRecord(props)) return fail(LAYOUT_MESSAGES.propsInvalid, [...path, 'props']);
    const entries = Object.entries(props).filter(([, entry]) => entry !== undefined);
    if (entries.length > LAYOUT_LIMITS.maxProps) return fail(LAYOUT_MESSAGES.propsInvalid, [...path, 'props']);
    for (const [name, entry] of entries) {
      if (!PROP_NAME.test(name)) return fail(LAYOUT_MESSAGES.propNameInvalid, [...path, 'props', name]);
      const problem = propProblem(name, entry);
      if (problem) return fail(problem, [...path, 'props', name]);
      chars += name.length + 3 + sizeOf(entry);
    }
    if (chars > LAYOUT_LIMITS.maxChars) return fail(LAYOUT_MESSAGES.tooLarge, path);
    // Built with Object.fromEntries: a "__proto__" key can never become the prototype (PROP_NAME refuses it too).
    node.props = Object.fromEntries(
      entries.map(([name, entry]) => [name, isRecord(entry) ? Object.fromEntries(Object.entries(entry)) : entry]),
    ) as LayoutProps;
    if (children !== undefined && children !== null) {
      if (!Array.isArray(children)) return fail(LAYOUT_MESSAGES.childrenInvalid, [...path, 'children']);
      if (children.length > 0 && depth + 1 > LAYOUT_LIMITS.maxDepth) return fail(LAYOUT_MESSAGES.tooDeep, path);
      nodes += children.length;
      if (nodes > LAYOUT_LIMITS.maxNodes) return fail(LAYOUT_MESSAGES.tooManyNodes, path);
      node.children = new Array<LayoutNode>(children.length);
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push({
          value: children[i],
          depth: depth + 1,
          path: [...path, 'children', i],
          into: node.children,
          at: i,
        });
      }
    }
    into[at] = node;
  }
  return { ok: true, layout: rootHolder[0]! };
}

/**
 * An untrusted layout (§3 "UI layout node") checked against LAYOUT_LIMITS and the rules above: a clean copy, or
 * the first problem with its path. Never throws, whatever the value (even one with throwing getters or cycles).
 * LayoutNodeSchema (layout-schema.ts) is this check as a zod schema; the published page uses it without zod.
 */
export function parseLayout(value: unknown): LayoutCheck {
  try {
    return checkLayout(value);
  } catch {
    return { ok: false, message: LAYOUT_MESSAGES.invalid, path: [] };
  }
}

/** Every node of a layout, depth first, without recursion. */
export function layoutNodes(root: LayoutNode): LayoutNode[] {
  const out: LayoutNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/**
 * The name a node goes by in the hierarchy: its label, else its editor-label prop (cbLabel on a button, whose
 * label prop is its text; label on the others).
 */
export function nodeLabel(node: LayoutNode): string | undefined {
  if (node.label !== undefined) return node.label;
  const prop = node.type === 'ButtonCB' ? node.props.cbLabel : node.props.label;
  return typeof prop === 'string' ? prop : undefined;
}

/** The first node, depth first, going by this label, else null. */
export function findNodeByLabel(root: LayoutNode, label: string): LayoutNode | null {
  return layoutNodes(root).find((node) => nodeLabel(node) === label) ?? null;
}

/** The asset IDs a layout's images reference (`asset:<assetId>` in an image prop). */
export function layoutAssetIds(root: LayoutNode): Set<string> {
  const ids = new Set<string>();
  for (const node of layoutNodes(root)) {
    for (const prop of IMAGE_PROPS) {
      const value = node.props[prop];
      const id = typeof value === 'string' ? assetReferenceId(value) : null;
      if (id) ids.add(id);
    }
  }
  return ids;
}
