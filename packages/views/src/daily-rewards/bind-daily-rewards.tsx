import { type DailyRewardsParams, dayState } from '@liveops/domain/daily-rewards';
import { ITEM_ICONS } from '@liveops/domain/inventory';
import {
  ACCENT_COLOR,
  type LayoutNode,
  type LayoutProps,
  propOrDefault,
  SCREEN_BACKGROUND_COLOR,
  DEFAULT_LAYOUT_TEXTS,
} from '@liveops/domain/layout';
import { type EmbedPack, packFigure } from '@liveops/domain/popup';
import { formatNumber } from '@liveops/domain/shared';
import type { AssetUrls } from '../image-source';
import { resolveImageSource } from '../image-source';
import type { NodeDecoration, NodeDecorator } from '../types';
import { DAY_CHECK } from './day-check';

export interface DailyRewardsBinding {
  cycleDays: number;
  rewards: readonly { day: number; packId: string }[];
  packs: readonly EmbedPack[];
  assets: AssetUrls;
  params: DailyRewardsParams;
  /** The theme's colours, already checked: they replace the spec's defaults wherever the layout uses them. */
  colors: { accent: string; background: string };
  onClaim?: () => void;
  /**
   * The player has tapped claim and the game has not answered yet (decision 023): the claim button reads
   * "Claiming…", busy and disabled, and today's card is marked pending, so the tap shows at once and a second
   * one visibly does nothing.
   */
  claimPending?: boolean;
  /**
   * Today is already claimed, as the server says (decision 036: the published page claims by itself): today's
   * card is drawn claimed, with its check mark, and the claim button reads `label` (when the next reward comes),
   * disabled. Wins over claimPending.
   */
  todayClaimed?: { label: string };
}

const COLOR_PROPS = ['color', 'fillColor', 'backgroundColor', 'textColor'] as const;

/**
 * What a card says its pack gives (decision 023), by the domain's packFigure: an amount ("×1,000", the pack's own
 * amount or the quantity of its one item) or, for a pack of different items, its contents ("🪙 500 + 💎 10",
 * packContentsText; decision 052), or how many when the config does not name them ("2 items": 1 sword and 50 gems
 * never read ×51), beside the pack's own artwork. Numbers are written as en-US does it by formatNumber,
 * which spares the published page loading Intl.
 */
export function formatAmount(pack: EmbedPack | undefined): string {
  const figure = pack ? packFigure(pack) : null;
  if (figure === null) return '';
  if ('amount' in figure) return `×${formatNumber(figure.amount)}`;
  return (pack && packContentsText(pack)) ?? `${formatNumber(figure.items)} items`;
}

const NBSP = '\u00a0';

/**
 * What a pack of different items gives, item by item (decision 052): each item's emoji icon with its quantity, or,
 * for an item without one, its quantity and name ("🪙 500 + 💎 10", "1 Sword + 💎 50"), lines of the same item
 * added up, in the pack's order. An entry never wraps inside (no-break spaces), and a "+" starts the next line: a
 * narrow card wraps only before one. Null when an item's name and icon are unknown (a config published before they rode
 * along), so the card says "2 items" as before.
 */
export function packContentsText(pack: EmbedPack): string | null {
  const entries = new Map<string, { quantity: number; name?: string | undefined; iconId?: string | undefined }>();
  for (const entry of pack.contents ?? []) {
    const seen = entries.get(entry.itemId);
    if (seen) seen.quantity += entry.quantity;
    else entries.set(entry.itemId, { quantity: entry.quantity, name: entry.name, iconId: entry.iconId });
  }
  const parts: string[] = [];
  for (const { quantity, name, iconId } of entries.values()) {
    const amount = formatNumber(quantity);
    if (iconId !== undefined && hasIcon(iconId)) parts.push(`${ITEM_ICONS[iconId]}${NBSP}${amount}`);
    else if (name?.trim()) parts.push(`${amount}${NBSP}${name.trim()}`);
    else return null;
  }
  return parts.length ? parts.join(` +${NBSP}`) : null;
}

function hasIcon(id: string | null): id is keyof typeof ITEM_ICONS {
  return id !== null && Object.prototype.hasOwnProperty.call(ITEM_ICONS, id);
}

/** A pack's artwork: its asset's image if it may load, else its emoji icon, else an empty box. */
function artwork(pack: EmbedPack | undefined, assets: AssetUrls): NodeDecoration {
  const src = pack ? resolveImageSource(pack.assetUrl, assets) : null;
  if (src) return { props: { type: 'source', src, ninePatch: false } };
  if (pack && hasIcon(pack.iconId)) {
    return {
      content: (
        <span role="img" aria-label={pack.name}>
          {ITEM_ICONS[pack.iconId]}
        </span>
      ),
    };
  }
  return { content: null };
}

/** Which of the game's theme colours a default colour stands for. */
export type ThemeColorRole = 'primary' | 'secondary';

/** Where a prop's rendered value comes from, when not from the node itself. */
export type DailyRewardsPropSource =
  { binding: 'day.label' | 'pack.name' | 'pack.amount' | 'pack.image' } | { theme: ThemeColorRole };

const TEXT_BINDINGS = new Set(['day.label', 'pack.name', 'pack.amount']);
const filled = (value: unknown) => typeof value === 'string' && value !== '';

/** Whether the node marks this colour prop as its own: the theme then leaves it as it is. */
function ownColor(node: LayoutNode, name: string): boolean {
  const own = node.props.ownColors;
  return typeof own === 'object' && own !== null && own[name] === true;
}

/** The theme colour a colour prop follows, or null when it renders as set (or is not a themed colour). */
export function themeColorRole(node: LayoutNode, name: string): ThemeColorRole | null {
  if (!(COLOR_PROPS as readonly string[]).includes(name) || ownColor(node, name)) return null;
  const value = propOrDefault(node.type, node.props, name);
  if (typeof value !== 'string') return null;
  const upper = value.toUpperCase();
  if (upper === ACCENT_COLOR.toUpperCase()) return 'primary';
  if (upper === SCREEN_BACKGROUND_COLOR.toUpperCase()) return 'secondary';
  return null;
}

/**
 * Where a prop of a daily-rewards node gets the value it renders with (decision 028), when not from the node
 * itself: a binding fills a value the node leaves empty (a text's value, an image's source), and a colour that is
 * one of the spec's defaults follows the game's theme unless the node lists it in `ownColors`. An explicit value
 * always wins: the popup shows what the studio set. `day` is the day card the node sits in, if any.
 */
export function dailyRewardsPropSource(
  node: LayoutNode,
  name: string,
  day: number | undefined,
): DailyRewardsPropSource | null {
  const bind = node.props.bind;
  if (day !== undefined && typeof bind === 'string') {
    if (name === 'value' && TEXT_BINDINGS.has(bind) && !filled(node.props.value)) {
      return { binding: bind as 'day.label' | 'pack.name' | 'pack.amount' };
    }
    // An image of its own is a source or a fill colour; only an empty source takes the pack's artwork.
    if (name === 'src' && bind === 'pack.image' && node.type === 'ImageCB') {
      if (node.props.type !== 'fill' && !filled(node.props.src)) return { binding: 'pack.image' };
    }
  }
  const theme = themeColorRole(node, name);
  return theme ? { theme } : null;
}

/** The spec's default colours the layout uses and does not own, replaced by the theme's (accent, background). */
function themedColors(node: LayoutNode, colors: DailyRewardsBinding['colors']): LayoutProps | undefined {
  let out: LayoutProps | undefined;
  for (const name of COLOR_PROPS) {
    const role = themeColorRole(node, name);
    if (role === null) continue;
    const themed = role === 'primary' ? colors.accent : colors.background;
    const value = propOrDefault(node.type, node.props, name);
    if (typeof value === 'string' && themed.toUpperCase() !== value.toUpperCase()) (out ??= {})[name] = themed;
  }
  return out;
}

const merge = (a: NodeDecoration | undefined, b: NodeDecoration): NodeDecoration =>
  a ? { ...a, ...b, props: { ...a.props, ...b.props } } : b;

const CLAIMED_CHECK = (
  <span className={DAY_CHECK.className} role="img" aria-label={DAY_CHECK.label}>
    {DAY_CHECK.text}
  </span>
);

/**
 * Decision 012's bindings as a NodeDecorator whose scope is the day card a node sits in: a node with props.day
 * is that day's card (its state as data-day-state and a class; a check mark when claimed); its descendants bound
 * to day.label, pack.name, pack.amount and pack.image take the day's pack from config.rewards, where they leave
 * that value empty; a ButtonCB bound to claim calls onClaim. The theme's colours replace the defaults wherever the
 * layout uses them and does not own them (dailyRewardsPropSource). The layout itself is not changed.
 */
export function dailyRewardsDecorator(binding: DailyRewardsBinding): NodeDecorator<number> {
  const packsById = new Map(binding.packs.map((pack) => [pack.id, pack]));
  const packOf = (day: number) => {
    const packId = binding.rewards.find((entry) => entry.day === day)?.packId;
    return packId === undefined ? undefined : packsById.get(packId);
  };

  return (node, outer) => {
    let decoration: NodeDecoration | undefined;
    const add = (more: NodeDecoration) => (decoration = merge(decoration, more));
    const ownDay = node.props.day;
    const cardDay = typeof ownDay === 'number' && Number.isInteger(ownDay) && ownDay >= 1 ? ownDay : undefined;
    const day = cardDay ?? outer;

    const themed = themedColors(node, binding.colors);
    if (themed) add({ props: themed });

    if (cardDay !== undefined) {
      const ruled = dayState(cardDay, binding.params, binding.cycleDays);
      const state = ruled === 'today' && binding.todayClaimed ? 'claimed' : ruled;
      const pending = binding.claimPending === true && state === 'today';
      add({
        className: `cb-day cb-day-${state}${pending ? ' cb-day-pending' : ''}`,
        attributes: { 'data-day': String(cardDay), 'data-day-state': state },
        overlay: state === 'claimed' ? CLAIMED_CHECK : undefined,
      });
    }

    const bind = node.props.bind;
    if (bind === 'claim' && node.type === 'ButtonCB') {
      // Decision 012's rule never makes today claimed (the days before it are), so the button stays enabled
      // unless the layout itself disables it.
      if (binding.todayClaimed) {
        add({
          attributes: { 'data-bind': 'claim', 'data-claim-state': 'claimed' },
          props: { label: binding.todayClaimed.label, disabled: true },
        });
      } else if (binding.claimPending) {
        add({
          attributes: { 'data-bind': 'claim', 'aria-busy': 'true' },
          props: { label: DEFAULT_LAYOUT_TEXTS.claimPending, disabled: true },
        });
      } else {
        add({ attributes: { 'data-bind': 'claim' }, ...(binding.onClaim ? { onActivate: binding.onClaim } : {}) });
      }
    } else if (day !== undefined && typeof bind === 'string') {
      // A value of the node's own wins over the binding (decision 028).
      const source = dailyRewardsPropSource(node, bind === 'pack.image' ? 'src' : 'value', day);
      const bound = source && 'binding' in source ? source.binding : null;
      const pack = packOf(day);
      if (bound === 'day.label') add({ props: { value: `Day ${day}` } });
      else if (bound === 'pack.name') add({ props: { value: pack?.name ?? '' } });
      else if (bound === 'pack.amount') add({ props: { value: formatAmount(pack) } });
      else if (bound === 'pack.image') add(artwork(pack, binding.assets));
    }
    return decoration || cardDay !== undefined ? { decoration, scope: day } : undefined;
  };
}

/** The decorations dailyRewardsDecorator gives a whole layout, by node id. */
export function bindDailyRewards(layout: LayoutNode, binding: DailyRewardsBinding): Map<string, NodeDecoration> {
  const decorate = dailyRewardsDecorator(binding);
  const decorations = new Map<string, NodeDecoration>();
  const stack: { node: LayoutNode; day: number | undefined }[] = [{ node: layout, day: undefined }];
  while (stack.length) {
    const { node, day: outer } = stack.pop()!;
    const decorated = decorate(node, outer);
    if (decorated?.decoration) decorations.set(node.id, decorated.decoration);
    const day = decorated?.scope ?? outer;
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, day });
  }
  return decorations;
}
