import { defaultDailyRewardsLayout, type LayoutNode } from '@liveops/domain/layout';
import { describe, expect, it } from 'vitest';
import { bindDailyRewards, dailyRewardsPropSource, formatAmount } from './bind-daily-rewards';

const binding = {
  cycleDays: 7,
  rewards: [{ day: 1, packId: 'p' }],
  packs: [{ id: 'p', name: 'Starter', value: 1, assetUrl: null, iconId: null, amount: 5 }],
  assets: new Map<string, string>(),
  params: { streak: 0 },
  colors: { accent: '#FFE16D', background: '#021031' },
};

describe('bindDailyRewards', () => {
  it('leaves the layout untouched and decorates by node id', () => {
    const layout = defaultDailyRewardsLayout(7);
    const before = JSON.stringify(layout);
    const decorations = bindDailyRewards(layout, binding);
    expect(JSON.stringify(layout)).toBe(before);
    expect(decorations.get('dr-day-1-amount')?.props?.value).toBe('×5');
    expect(decorations.get('dr-day-1-card')?.attributes?.['data-day-state']).toBe('today');
  });

  it('binds only inside a day card, and themes nothing when the theme is the default', () => {
    const layout: LayoutNode = {
      id: 'root',
      type: 'Root',
      props: {},
      children: [{ id: 'loose', type: 'TextCB', props: { bind: 'pack.name', color: '#FFE16D' } }],
    };
    expect(bindDailyRewards(layout, binding).size).toBe(0);
  });
});

/** One day card holding the given children, in a screen. */
const card = (children: LayoutNode[]): LayoutNode => ({
  id: 'screen',
  type: 'BackgroundCB',
  props: {},
  children: [{ id: 'card', type: 'GridCB', props: { day: 1 }, children }],
});
const themed = { ...binding, colors: { accent: '#3366FF', background: '#112233' } };
const withArt = {
  ...binding,
  packs: [{ ...binding.packs[0]!, assetUrl: 'asset:chest' }],
  assets: new Map([
    ['chest', 'https://cdn.example/chest.png'],
    ['own', 'https://cdn.example/own.png'],
  ]),
};

describe('what wins: a value set on a node, a binding or the theme (decision 028)', () => {
  it("shows the day's pack image only while the image has no source of its own", () => {
    const art = (props: LayoutNode['props']) =>
      bindDailyRewards(card([{ id: 'art', type: 'ImageCB', props: { bind: 'pack.image', ...props } }]), withArt).get(
        'art',
      );
    expect(art({ src: '' })?.props?.src).toBe('https://cdn.example/chest.png');
    expect(art({})?.props?.src).toBe('https://cdn.example/chest.png');
    // An asset picked for the image, or a fill colour, is what the popup shows.
    expect(art({ src: 'asset:own' })).toBeUndefined();
    expect(art({ type: 'fill', fillColor: '#ff0000' })).toBeUndefined();
  });

  it('fills a bound text only while its own value is empty', () => {
    const text = (props: LayoutNode['props']) =>
      bindDailyRewards(card([{ id: 't', type: 'TextCB', props: { bind: 'pack.amount', ...props } }]), binding).get('t');
    expect(text({ value: '' })?.props?.value).toBe('×5');
    expect(text({})?.props?.value).toBe('×5');
    expect(text({ value: 'Lots of gold' })).toBeUndefined();
  });

  it("replaces the default accent and background with the game's colours unless the node owns that colour", () => {
    const layout = card([
      { id: 'accent', type: 'TextCB', props: { value: 'a', color: '#ffe16d' } },
      { id: 'back', type: 'GridCB', props: { backgroundColor: '#021031' } },
      { id: 'own', type: 'TextCB', props: { value: 'b', color: '#FFE16D', ownColors: { color: true } } },
      { id: 'set', type: 'TextCB', props: { value: 'c', color: '#00FF00' } },
    ]);
    const decorations = bindDailyRewards(layout, themed);
    expect(decorations.get('accent')?.props?.color).toBe('#3366FF');
    expect(decorations.get('back')?.props?.backgroundColor).toBe('#112233');
    expect(decorations.get('own')).toBeUndefined();
    expect(decorations.get('set')).toBeUndefined();
  });

  it('names the source of each prop the popup does not take from the node', () => {
    const amount: LayoutNode = { id: 'a', type: 'TextCB', props: { bind: 'pack.amount', value: '', color: '#FFE16D' } };
    expect(dailyRewardsPropSource(amount, 'value', 1)).toEqual({ binding: 'pack.amount' });
    expect(dailyRewardsPropSource(amount, 'value', undefined)).toBeNull();
    expect(dailyRewardsPropSource(amount, 'color', 1)).toEqual({ theme: 'primary' });
    expect(dailyRewardsPropSource({ ...amount, props: { ...amount.props, value: 'x' } }, 'value', 1)).toBeNull();
    const frame: LayoutNode = { id: 'f', type: 'BackgroundCB', props: {} };
    // The screen background's default colour is the game's secondary colour.
    expect(dailyRewardsPropSource(frame, 'backgroundColor', undefined)).toEqual({ theme: 'secondary' });
    const owned = { ...amount, props: { ...amount.props, ownColors: { color: true } } };
    expect(dailyRewardsPropSource(owned, 'color', 1)).toBeNull();
  });
});

describe('formatAmount', () => {
  it("shows a pack's amount, else its one item's quantity, else how many different items it gives", () => {
    const base = { id: 'p', name: 'P', value: 1, assetUrl: null, iconId: null };
    expect(formatAmount({ ...base, amount: 1200 })).toBe('×1,200');
    expect(formatAmount({ ...base, contents: [{ itemId: 'gem', quantity: 1500 }] })).toBe('×1,500');
    // 1 sword and 50 gems: two items, never ×51.
    expect(
      formatAmount({
        ...base,
        contents: [
          { itemId: 'sword', quantity: 1 },
          { itemId: 'gem', quantity: 50 },
        ],
      }),
    ).toBe('2 items');
    expect(formatAmount(base)).toBe('');
    expect(formatAmount(undefined)).toBe('');
  });

  it('shows what a pack of different items gives, item by item, when the config names its items', () => {
    const base = { id: 'p', name: '500 Gold + 10 Gem', value: 1, assetUrl: null, iconId: 'gift' as const };
    const nb = (text: string) => text.replace(/_/g, '\u00a0');
    // Icons with amounts; an item without an icon by its name; lines of one item added up.
    expect(
      formatAmount({
        ...base,
        contents: [
          { itemId: 'gold', quantity: 500, name: 'Gold', iconId: 'coin' },
          { itemId: 'gem', quantity: 10, name: 'Gem', iconId: 'gem' },
        ],
      }),
    ).toBe(nb('🪙_500 +_💎_10'));
    expect(
      formatAmount({
        ...base,
        contents: [
          { itemId: 'gold', quantity: 1000, name: 'Gold' },
          { itemId: 'sword', quantity: 1, name: 'Iron Sword' },
          { itemId: 'gold', quantity: 500, name: 'Gold' },
        ],
      }),
    ).toBe(nb('1,500_Gold +_1_Iron Sword'));
    // One item the config does not name (published before names rode along): the count, as before.
    expect(
      formatAmount({
        ...base,
        contents: [
          { itemId: 'gold', quantity: 500, name: 'Gold', iconId: 'coin' },
          { itemId: 'gem', quantity: 10 },
        ],
      }),
    ).toBe('2 items');
    // A single item keeps its amount.
    expect(formatAmount({ ...base, contents: [{ itemId: 'gold', quantity: 500, name: 'Gold', iconId: 'coin' }] })).toBe(
      '×500',
    );
  });
});
