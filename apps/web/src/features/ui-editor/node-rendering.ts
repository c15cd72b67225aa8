import { type LayoutNode, type LayoutPropValue, propOrDefault, UI_EDITOR_MESSAGES as M } from '@liveops/domain/layout';
import { type EmbedPack } from '@liveops/domain/popup';
import { dailyRewardsPropSource, type NodeDecoration, type NodeDecorator, type ThemeColorRole } from '@liveops/views';

/** How the preview draws one node, as the popup's renderer decorates it: what Properties explains. */
export interface NodeRendering {
  /** The day card the node sits in (its own day for a card). */
  day: number | undefined;
  decoration: NodeDecoration | undefined;
  /** The pack the studio assigned to that day, if any. */
  pack: EmbedPack | undefined;
}

const cardDay = (node: LayoutNode) => {
  const day = node.props.day;
  return typeof day === 'number' && Number.isInteger(day) && day >= 1 ? day : undefined;
};

/**
 * The selected node's rendering: the decorator the preview uses, run on the node with the day of the card it
 * sits in (found on the way down from the root, so the cost is the node's depth and its siblings on the way).
 */
export function nodeRendering(
  document: LayoutNode,
  id: string,
  decorate: NodeDecorator<number>,
  packOfDay: (day: number) => EmbedPack | undefined,
): NodeRendering | null {
  const stack: { node: LayoutNode; day: number | undefined }[] = [{ node: document, day: undefined }];
  while (stack.length) {
    const { node, day: outer } = stack.pop()!;
    if (node.id === id) {
      const day = cardDay(node) ?? outer;
      return {
        day,
        decoration: decorate(node, outer)?.decoration,
        pack: day === undefined ? undefined : packOfDay(day),
      };
    }
    const day = cardDay(node) ?? outer;
    for (const child of node.children ?? []) stack.push({ node: child, day });
  }
  return null;
}

/** A note under a field: what the popup shows there and why, and the change that brings the bound value back. */
export interface PropNote {
  text: string;
  /** "Use the day's pack image": the props that let the binding fill the field again. */
  restore?: { label: string; props: Record<string, LayoutPropValue | undefined> };
}

/**
 * What Properties says about a bound field (decision 028): the value the popup shows and where it comes from, or
 * that the node's own value wins and how to give the field back to its binding. Null for a field with nothing
 * to explain. Colours following the game's theme are explained by the colour field itself (themeColor).
 */
export function propNote(node: LayoutNode, name: string, rendering: NodeRendering | null): PropNote | null {
  const day = rendering?.day;
  const bind = node.props.bind;
  if (day === undefined || typeof bind !== 'string') return null;
  const source = dailyRewardsPropSource(node, name, day);
  const packName = rendering?.pack?.name;
  if (node.type === 'TextCB' && name === 'value' && bind in M.bindingNames && bind !== 'pack.image') {
    const label = M.bindingNames[bind as 'day.label' | 'pack.name' | 'pack.amount'];
    if (!source)
      return { text: M.showsOwnText(label), restore: { label: M.backToBinding(label), props: { value: undefined } } };
    const shown = rendering?.decoration?.props?.value;
    return typeof shown === 'string' && shown !== ''
      ? { text: M.showsBoundText(shown, label) }
      : { text: M.showsNothingBound(label, day) };
  }
  const imageField = node.props.type === 'fill' ? 'fillColor' : 'src';
  if (node.type === 'ImageCB' && bind === 'pack.image' && name === imageField) {
    const label = M.bindingNames['pack.image'];
    if (!source) {
      return {
        text: M.showsOwnImage,
        restore: { label: M.backToBinding(label), props: { src: undefined, type: undefined } },
      };
    }
    const decoration = rendering?.decoration;
    if (typeof decoration?.props?.src === 'string' && packName) return { text: M.showsPackImage(packName) };
    if (decoration?.content && packName) return { text: M.showsPackIcon(packName) };
    return { text: M.showsEmptyBox(day) };
  }
  return null;
}

/** The theme colour a colour field follows and the colour it renders with, or null when it shows as set. */
export function themeColor(
  node: LayoutNode,
  name: string,
  rendering: NodeRendering | null,
): { role: ThemeColorRole; rendered: string } | null {
  const source = dailyRewardsPropSource(node, name, rendering?.day);
  if (!source || !('theme' in source)) return null;
  const themed = rendering?.decoration?.props?.[name];
  const own = propOrDefault(node.type, node.props, name);
  const rendered = typeof themed === 'string' ? themed : typeof own === 'string' ? own : '';
  return { role: source.theme, rendered };
}
