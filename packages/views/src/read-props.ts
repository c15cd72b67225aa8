import { COMPONENT_DEFINITIONS, type LayoutNode, type LayoutPropValue, propOrDefault } from '@liveops/domain/layout';

/**
 * Typed reads of a node's props, each falling back to the spec's default (propOrDefault) when the prop is missing
 * or of the wrong kind. A checked layout can still carry `size: "huge"` or `width: "wide"`: the schema bounds
 * what a prop may contain, not what each component understands.
 */
const fallback = (node: LayoutNode, name: string): LayoutPropValue | undefined =>
  COMPONENT_DEFINITIONS[node.type].defaultProps[name];

/** A text prop; numbers read as their digits. */
export function textProp(node: LayoutNode, name: string): string {
  const value = propOrDefault(node.type, node.props, name);
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

/** A number prop, clamped to [min, max]; a pixel size above 10,000 is no real screen. */
export function numberProp(node: LayoutNode, name: string, min = 0, max = 10_000): number {
  const value = propOrDefault(node.type, node.props, name);
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback(node, name);
  return typeof n === 'number' ? Math.min(Math.max(n, min), max) : min;
}

export function booleanProp(node: LayoutNode, name: string): boolean {
  return propOrDefault(node.type, node.props, name) === true;
}

/** One of the field's options, else its default (else the first option). */
export function choiceProp<T extends string>(node: LayoutNode, name: string, options: readonly T[]): T {
  const value = propOrDefault(node.type, node.props, name);
  if ((options as readonly unknown[]).includes(value)) return value as T;
  const backup = fallback(node, name);
  return (options as readonly unknown[]).includes(backup) ? (backup as T) : options[0]!;
}

/**
 * Colours go into inline styles, so only plain colour syntax passes: a hex value, a keyword, or rgb()/hsl() of
 * numbers. Anything else (a url(), a second declaration) falls back to the default.
 */
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,24}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]{1,60}\))$/i;

export function isSafeColor(value: unknown): value is string {
  return typeof value === 'string' && COLOR.test(value.trim());
}

export function colorProp(node: LayoutNode, name: string): string | undefined {
  const value = propOrDefault(node.type, node.props, name);
  if (isSafeColor(value)) return value.trim();
  const backup = fallback(node, name);
  return isSafeColor(backup) ? backup : undefined;
}
