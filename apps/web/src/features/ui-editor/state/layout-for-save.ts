import type { LayoutNode, LayoutPropValue, LayoutProps } from '@liveops/domain/layout';

const definedEntries = <T>(record: Record<string, T | undefined>) =>
  Object.entries(record).filter((entry): entry is [string, T] => entry[1] !== undefined);

function propsForSave(props: LayoutProps): LayoutProps {
  const out: LayoutProps = {};
  for (const [name, value] of definedEntries<LayoutPropValue>(props)) {
    out[name] =
      value !== null && typeof value === 'object'
        ? Object.fromEntries(definedEntries(value))
        : (value as LayoutPropValue);
  }
  return out;
}

/**
 * The layout as it is written on save: each node's id, type, props, label and children only, with undefined
 * values (a label, a prop, a side of a style) left out, so the body is exactly what JSON carries.
 */
export function layoutForSave(document: LayoutNode): LayoutNode {
  const node: LayoutNode = { id: document.id, type: document.type, props: propsForSave(document.props) };
  if (document.label !== undefined) node.label = document.label;
  if (document.children !== undefined) node.children = document.children.map(layoutForSave);
  return node;
}
