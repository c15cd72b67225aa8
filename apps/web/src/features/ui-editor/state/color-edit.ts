import { ACCENT_COLOR, type LayoutNode, type LayoutPropValue, SCREEN_BACKGROUND_COLOR } from '@liveops/domain/layout';
import type { ThemeColorRole } from '@liveops/views';

/** The spec's default colour that stands for each of the game's theme colours in a layout. */
export const THEME_COLOR_VALUES: Readonly<Record<ThemeColorRole, string>> = {
  primary: ACCENT_COLOR,
  secondary: SCREEN_BACKGROUND_COLOR,
};

const isThemeValue = (color: string) =>
  Object.values(THEME_COLOR_VALUES).some((value) => value.toUpperCase() === color.trim().toUpperCase());

/** The node's ownColors with `name` marked own or not; undefined when none is left. */
function ownColorsWith(node: LayoutNode, name: string, own: boolean): LayoutPropValue | undefined {
  const current = node.props.ownColors;
  const marks = typeof current === 'object' && current !== null ? { ...current } : {};
  if (own) marks[name] = true;
  else delete marks[name];
  return Object.keys(marks).length ? marks : undefined;
}

/**
 * The props that make a colour prop render as asked (decision 028): a colour the studio sets is its own, so one
 * that happens to be a default colour (which the theme would replace) is marked in `ownColors`; following one of the
 * game's theme colours stores that default without the mark. Undefined clears the prop (its default shows).
 */
export function colorEdit(
  node: LayoutNode,
  name: string,
  to: { color: string | undefined } | { theme: ThemeColorRole },
): Record<string, LayoutPropValue | undefined> {
  if ('theme' in to) return { [name]: THEME_COLOR_VALUES[to.theme], ownColors: ownColorsWith(node, name, false) };
  const own = to.color !== undefined && isThemeValue(to.color);
  return { [name]: to.color, ownColors: ownColorsWith(node, name, own) };
}
