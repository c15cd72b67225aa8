import { describe, expect, it } from 'vitest';
import { defaultDailyRewardsLayout, UI_EDITOR_MESSAGES as M } from '@liveops/domain/layout';
import { type EmbedPack } from '@liveops/domain/popup';
import { dailyRewardsDecorator } from '@liveops/views';
import { findNode } from './state/find-node';
import { nodeRendering, propNote, themeColor } from './node-rendering';

const pack: EmbedPack = { id: 'p', name: 'Starter Pack', value: 1, assetUrl: 'asset:chest', iconId: null, amount: 5 };
const decorate = dailyRewardsDecorator({
  cycleDays: 7,
  rewards: [{ day: 1, packId: 'p' }],
  packs: [pack],
  assets: new Map([['chest', 'https://cdn.example/chest.png']]),
  params: { streak: 0 },
  colors: { accent: '#3366FF', background: '#112233' },
});
const packOfDay = (day: number) => (day === 1 ? pack : undefined);
const layout = defaultDailyRewardsLayout(7);
const at = (id: string, document = layout) => {
  const rendering = nodeRendering(document, id, decorate, packOfDay);
  return { node: findNode(document, id)!, rendering };
};

describe('what Properties says renders (decision 028)', () => {
  it("finds the day card a node sits in and that day's pack", () => {
    expect(at('dr-day-1-amount').rendering).toMatchObject({ day: 1, pack });
    expect(at('dr-day-2-amount').rendering).toMatchObject({ day: 2, pack: undefined });
    expect(at('dr-header-title').rendering).toMatchObject({ day: undefined });
    expect(nodeRendering(layout, 'missing', decorate, packOfDay)).toBeNull();
  });

  it("names the day's pack amount and image a bound node shows, or that the day has none", () => {
    const amount = at('dr-day-1-amount');
    expect(propNote(amount.node, 'value', amount.rendering)?.text).toBe(
      M.showsBoundText('×5', M.bindingNames['pack.amount']),
    );
    const art = at('dr-day-1-artwork');
    expect(propNote(art.node, 'src', art.rendering)?.text).toBe(M.showsPackImage('Starter Pack'));
    const empty = at('dr-day-2-artwork');
    expect(propNote(empty.node, 'src', empty.rendering)?.text).toBe(M.showsEmptyBox(2));
  });

  it('says a value of its own wins, and how to give the field back to its binding', () => {
    const art = at('dr-day-1-artwork');
    const own = { ...art.node, props: { ...art.node.props, src: 'asset:mine' } };
    expect(propNote(own, 'src', art.rendering)).toEqual({
      text: M.showsOwnImage,
      restore: { label: M.backToBinding(M.bindingNames['pack.image']), props: { src: undefined, type: undefined } },
    });
    // The default layout's day label is a text of its own ("Day 1").
    const label = at('dr-day-1-label');
    expect(propNote(label.node, 'value', label.rendering)?.restore?.props).toEqual({ value: undefined });
  });

  it('gives the theme colour a colour follows and the colour it renders in, or null for a colour of its own', () => {
    const banner = at('dr-header-banner');
    expect(themeColor(banner.node, 'backgroundColor', banner.rendering)).toEqual({
      role: 'primary',
      rendered: '#3366FF',
    });
    const title = at('dr-header-title');
    expect(themeColor(title.node, 'color', title.rendering)).toEqual({ role: 'secondary', rendered: '#112233' });
    const owned = { ...banner.node, props: { ...banner.node.props, ownColors: { backgroundColor: true } } };
    expect(themeColor(owned, 'backgroundColor', banner.rendering)).toBeNull();
  });
});
