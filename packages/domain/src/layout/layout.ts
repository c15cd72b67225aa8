import { formatNumber } from '../shared/format-number';
import { hasForbiddenCharacters, TEXT_MESSAGES } from '../shared/text';

/** The component types a UI layout is built from. */
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
/** The props that hold an image source. */
export const IMAGE_PROPS: ReadonlySet<string> = new Set(['src', 'fillImage']);

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
