import { describe, expect, it } from 'vitest';
import { CLAIM_BUTTON_COLOR, defaultDailyRewardsLayout } from './default-layout';
import { findNodeByLabel, type LayoutNode, layoutNodes } from './layout';

const byLabel = (layout: LayoutNode, label: string) => {
  const node = findNodeByLabel(layout, label);
  if (!node) throw new Error(`no node labelled ${label}`);
  return node;
};
const childLabels = (node: LayoutNode) => (node.children ?? []).map((child) => child.label);

describe('default daily rewards layout', () => {
  const layout = defaultDailyRewardsLayout(7);

  it('puts the Popup Frame on a #021031 screen background', () => {
    expect(layout).toMatchObject({ type: 'BackgroundCB', props: { backgroundColor: '#021031' } });
    expect(childLabels(layout)).toEqual(['Popup Frame']);
  });

  it('holds header, body, footer and claim button in the Popup Frame, in that order', () => {
    expect(childLabels(byLabel(layout, 'Popup Frame'))).toEqual([
      'Header Banner',
      'Rewards Body',
      'Footer',
      'Claim Button',
    ]);
    expect(byLabel(layout, 'Header Banner').children?.[0]?.props.value).toBe('Daily Bonus');
    expect(byLabel(layout, 'Header Banner').props.backgroundColor).toBe('#FFE16D');
    expect(byLabel(layout, 'Footer').props.value).toBe('Come back every day for a new reward');
    expect(byLabel(layout, 'Claim Button')).toMatchObject({
      type: 'ButtonCB',
      props: { label: 'Claim Reward', color: CLAIM_BUTTON_COLOR, bind: 'claim' },
    });
    expect(CLAIM_BUTTON_COLOR).toBe('#f4b400');
  });

  it('has a 3-column grid with gap 16 of days 1 to 6, then the final card for day 7', () => {
    const body = byLabel(layout, 'Rewards Body');
    expect(childLabels(body)).toEqual(['Rewards Grid', 'Final Reward Card']);
    const grid = byLabel(layout, 'Rewards Grid');
    expect(grid.props).toMatchObject({ columns: 3, gap: 16 });
    expect(grid.children?.map((card) => card.props.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(byLabel(layout, 'Final Reward Card').props.day).toBe(7);
  });

  it('gives each card a day label, artwork and amount bound to the day', () => {
    for (const card of [...(byLabel(layout, 'Rewards Grid').children ?? []), byLabel(layout, 'Final Reward Card')]) {
      expect(card.children?.map((child) => [child.type, child.props.bind])).toEqual([
        ['TextCB', 'day.label'],
        ['ImageCB', 'pack.image'],
        ['TextCB', 'pack.amount'],
      ]);
      expect(card.children?.[0]?.props.value).toBe(`Day ${String(card.props.day)}`);
    }
  });

  it('shows days 1 to cycleDays and a final card for the last day in a shorter cycle', () => {
    const short = defaultDailyRewardsLayout(3);
    expect(byLabel(short, 'Rewards Grid').children?.map((card) => card.props.day)).toEqual([1, 2, 3]);
    expect(byLabel(short, 'Final Reward Card').props.day).toBe(3);
    expect(byLabel(defaultDailyRewardsLayout(6), 'Final Reward Card').props.day).toBe(6);
  });

  it('is deterministic with unique ids, and treats an invalid cycle length as 7', () => {
    expect(defaultDailyRewardsLayout(7)).toEqual(layout);
    const ids = layoutNodes(layout).map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(defaultDailyRewardsLayout(0)).toEqual(layout);
    expect(defaultDailyRewardsLayout(Number.NaN)).toEqual(layout);
  });
});

describe('default daily rewards layout for a landscape game (decision 023)', () => {
  const layout = defaultDailyRewardsLayout(7, 'landscape');

  it('puts every day in one row: a column per day, the grid spanning the first six, the final card the last', () => {
    const body = byLabel(layout, 'Rewards Body');
    expect(body.props).toMatchObject({ direction: 'row', columns: 7, wrap: false });
    expect(childLabels(body)).toEqual(['Rewards Grid', 'Final Reward Card']);
    const grid = byLabel(layout, 'Rewards Grid');
    expect(grid.props).toMatchObject({ direction: 'row', columns: 6, wrap: false, style: { gridColumn: 'span 6' } });
    expect(grid.children?.map((card) => card.props.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(byLabel(layout, 'Final Reward Card').props.day).toBe(7);
    const short = defaultDailyRewardsLayout(3, 'landscape');
    expect(byLabel(short, 'Rewards Body').props.columns).toBe(4);
    expect(byLabel(short, 'Rewards Grid').props.style).toEqual({ gridColumn: 'span 3' });
  });

  it('keeps the portrait layout’s labels and bindings, with the footer beside the Claim button', () => {
    expect(childLabels(byLabel(layout, 'Popup Frame'))).toEqual(['Header Banner', 'Rewards Body', 'Footer Bar']);
    expect(childLabels(byLabel(layout, 'Footer Bar'))).toEqual(['Footer', 'Claim Button']);
    expect(byLabel(layout, 'Claim Button').props).toMatchObject({ bind: 'claim', label: 'Claim Reward' });
    for (const card of [...(byLabel(layout, 'Rewards Grid').children ?? []), byLabel(layout, 'Final Reward Card')]) {
      expect(card.children?.map((child) => child.props.bind)).toEqual(['day.label', 'pack.image', 'pack.amount']);
    }
    const ids = layoutNodes(layout).map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the portrait layout for a portrait game and by default', () => {
    expect(defaultDailyRewardsLayout(7, 'portrait')).toEqual(defaultDailyRewardsLayout(7));
    expect(defaultDailyRewardsLayout(7)).not.toEqual(layout);
  });
});
