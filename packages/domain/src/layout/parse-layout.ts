import { hasForbiddenCharacters } from '../shared/text';
import {
  IMAGE_PROPS,
  isSafeImageSource,
  LAYOUT_BINDINGS,
  LAYOUT_LIMITS,
  LAYOUT_MESSAGES,
  LAYOUT_NODE_TYPES,
  type LayoutNode,
  type LayoutNodeType,
  type LayoutProps,
  type LayoutScalar,
} from './layout';
import { styleProblem } from './layout-style';

/* Checking a layout as it arrives (a save, a published artifact): its shape, props, texts, styles and size. */

const CLASS_NAME = /^[A-Za-z0-9_:./-]+( [A-Za-z0-9_:./-]+)*$/;
const NODE_ID = /^[A-Za-z0-9_.:-]+$/;
const PROP_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

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
 * An untrusted layout (the spec's "UI layout node") checked against LAYOUT_LIMITS and the rules above: a clean copy, or
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
