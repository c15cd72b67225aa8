import { describe, expect, it } from 'vitest';
import { COMING_SOON_TABS, LOWER_TABS, MAIN_TABS, tabFromPath } from './workspace-tabs';

describe('tabFromPath', () => {
  it('takes the tab from the path segment after the game id', () => {
    expect(tabFromPath('/dashboard/game/g1/assets')).toBe('assets');
    expect(tabFromPath('/dashboard/game/g1/segments')).toBe('segments');
    expect(tabFromPath('/dashboard/game/g1/segments/s1')).toBe('segments');
    expect(tabFromPath('/dashboard/game/g1/offers')).toBe('offers');
    expect(tabFromPath('/dashboard/game/g1/events')).toBe('events');
    expect(tabFromPath('/dashboard/game/g1/daily-rewards')).toBe('dailyRewards');
    expect(tabFromPath('/dashboard/game/g1/analytics')).toBe('analytics');
    expect(tabFromPath('/dashboard/game/g1/players')).toBe('players');
  });
  it('is profile otherwise', () => {
    expect(tabFromPath('/dashboard/game/g1')).toBe('profile');
    expect(tabFromPath('/dashboard/game/g1/unknown')).toBe('profile');
  });
  it('does not mistake a game id for a tab', () => {
    expect(tabFromPath('/dashboard/game/assets')).toBe('profile');
  });
});

describe('the workspace nav', () => {
  it('lists the tools in use first and the Coming Soon tabs last, disabled', () => {
    const order = [...MAIN_TABS, ...LOWER_TABS, ...COMING_SOON_TABS].map((info) => info.label);
    expect(order.slice(-5)).toEqual(['Daily Rewards', 'Analytics', 'Players', 'Offers', 'Events']);
    expect(COMING_SOON_TABS.every((info) => info.disabled)).toBe(true);
    expect([...MAIN_TABS, ...LOWER_TABS].some((info) => info.disabled)).toBe(false);
  });
});
