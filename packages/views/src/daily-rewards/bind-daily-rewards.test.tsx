import { defaultDailyRewardsLayout, type LayoutNode } from '@liveops/domain';
import { describe, expect, it } from 'vitest';
import { bindDailyRewards, formatAmount } from './bind-daily-rewards';

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
});
