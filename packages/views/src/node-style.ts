import { type LayoutNode, SAFE_STYLE_PROPERTIES } from '@liveops/domain/layout';
import type { CSSProperties } from 'react';

/**
 * The schema let only safe styles and class names into the layout; these readers keep to the same lists, so a
 * layout handed over without the schema still cannot load a resource through a style or leave its frame.
 */
const UNSAFE_VALUE = /url\s*\(|image(-set)?\s*\(|cross-fade|element\s*\(|expression|script:|@import|[\\<>{};"`]|\/\*/i;
const ESCAPING_POSITION = /^\s*(fixed|sticky)/i;
const CLASS_NAME = /^[A-Za-z0-9_:./-]+( [A-Za-z0-9_:./-]+)*$/;

export function nodeStyle(node: LayoutNode): CSSProperties | undefined {
  const style = node.props.style;
  if (typeof style !== 'object' || style === null) return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(style)) {
    if (!SAFE_STYLE_PROPERTIES.has(name)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) out[name] = value;
    else if (typeof value === 'string' && !UNSAFE_VALUE.test(value)) {
      if (name === 'position' && ESCAPING_POSITION.test(value)) continue;
      out[name] = value;
    }
  }
  return out as CSSProperties;
}

export function nodeClassName(node: LayoutNode): string | undefined {
  const value = node.props.className;
  return typeof value === 'string' && value.length <= 200 && CLASS_NAME.test(value) ? value : undefined;
}
