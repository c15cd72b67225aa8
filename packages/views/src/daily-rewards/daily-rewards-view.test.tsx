import type { Asset } from '@liveops/domain/assets';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Pack } from '@liveops/domain/inventory';
import type { LayoutNode } from '@liveops/domain/layout';
import type { EmbedConfig, EmbedPack } from '@liveops/domain/popup';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ViewAsset } from '../types';
import { DailyRewardsView, type DailyRewardsViewConfig } from './daily-rewards-view';

// Every host's data fits the view as it is: the API's records and the embed's decoded config (checked by tsc).
export const hostDataFits = (config: EmbedConfig | DailyReward, pack: Pack, asset: Asset) => {
  const fitted: [DailyRewardsViewConfig, EmbedPack, ViewAsset] = [config, pack, asset];
  return fitted;
};

const pack = (id: string, fields: Partial<EmbedPack> = {}): EmbedPack => ({
  id,
  name: `Pack ${id}`,
  value: 1,
  assetUrl: null,
  iconId: null,
  ...fields,
});
const PACKS = [
  pack('coins', { contents: [{ itemId: 'coin', quantity: 100 }], iconId: 'coin' }),
  pack('gems', { amount: 1500, assetUrl: 'asset:gemart01' }),
  pack('plain'),
];
const ASSETS = [{ assetId: 'gemart01', name: 'Gem', url: 'https://cdn.example/gem.png' }];
const CONFIG: DailyRewardsViewConfig = {
  cycleDays: 7,
  rewards: [
    { day: 1, packId: 'coins' },
    { day: 2, packId: 'gems' },
    { day: 3, packId: 'plain' },
    { day: 7, packId: 'gems' },
  ],
};

function renderView(props: Partial<Parameters<typeof DailyRewardsView>[0]> = {}) {
  return render(<DailyRewardsView config={CONFIG} packs={PACKS} assets={ASSETS} params={{ streak: 0 }} {...props} />);
}

const states = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('[data-day]')).map(
    (card) => `${card.dataset.day}:${card.dataset.dayState}`,
  );

/** jsdom reports colours as rgb(). */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('DailyRewardsView', () => {
  it('shows the default layout when the config has none: title, six grid cards, the final card, footer, claim', () => {
    const { container } = renderView();
    expect(screen.getByText('Daily Bonus')).toBeTruthy();
    expect(container.querySelectorAll('[data-node-id="dr-rewards-grid"] > [data-day]')).toHaveLength(6);
    expect((container.querySelector('[data-node-id="dr-final-card"]') as HTMLElement).dataset.day).toBe('7');
    expect(screen.getByText('Come back every day for a new reward')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim Reward' })).toBeTruthy();
    expect(screen.getAllByText(/^Day \d$/).map((label) => label.textContent)).toEqual([
      'Day 1',
      'Day 2',
      'Day 3',
      'Day 4',
      'Day 5',
      'Day 6',
      'Day 7',
    ]);
  });

  it("shows the final card's pack of different items by its contents, in portrait and landscape, never 2 items", () => {
    const chest = pack('chest', {
      name: '500 Gold + 10 Gem',
      iconId: 'gift',
      contents: [
        { itemId: 'gold', quantity: 500, name: 'Gold', iconId: 'coin' },
        { itemId: 'gem', quantity: 10, name: 'Gem', iconId: 'gem' },
      ],
    });
    const config = { ...CONFIG, rewards: [...CONFIG.rewards.filter((r) => r.day !== 7), { day: 7, packId: 'chest' }] };
    for (const orientation of ['portrait', 'landscape'] as const) {
      const { container, unmount } = renderView({ config: { ...config, orientation }, packs: [...PACKS, chest] });
      const finalCard = container.querySelector<HTMLElement>('[data-day="7"]')!;
      const amount = finalCard.querySelector<HTMLElement>('[data-node-id$="-amount"]')!;
      expect(amount.textContent).toBe('🪙\u00a0500 +\u00a0💎\u00a010');
      expect(finalCard.textContent).not.toContain('items');
      // The pack's own artwork stays beside it.
      expect(finalCard.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('500 Gold + 10 Gem');
      unmount();
    }
  });

  it('marks day states from the streak, and from todayIndex when given', () => {
    const streak0 = renderView({ params: { streak: 0 } });
    expect(states(streak0.container)).toEqual([
      '1:today',
      '2:upcoming',
      '3:upcoming',
      '4:upcoming',
      '5:upcoming',
      '6:upcoming',
      '7:upcoming',
    ]);
    streak0.unmount();

    const streak3 = renderView({ params: { streak: 3 } });
    expect(states(streak3.container)).toEqual([
      '1:claimed',
      '2:claimed',
      '3:claimed',
      '4:today',
      '5:upcoming',
      '6:upcoming',
      '7:upcoming',
    ]);
    expect(streak3.container.querySelectorAll('[data-day-state="claimed"] .cb-day-check')).toHaveLength(3);
    expect(streak3.container.querySelector('[data-day-state="today"]')!.className).toContain('cb-day-today');
    streak3.unmount();

    // A whole cycle done: the next one starts at day 1 with nothing claimed.
    const streak7 = renderView({ params: { streak: 7 } });
    expect(states(streak7.container)[0]).toBe('1:today');
    expect(streak7.container.querySelectorAll('[data-day-state="claimed"]')).toHaveLength(0);
    streak7.unmount();

    const index5 = renderView({ params: { streak: 1, todayIndex: 5 } });
    expect(states(index5.container)).toEqual([
      '1:claimed',
      '2:claimed',
      '3:claimed',
      '4:claimed',
      '5:today',
      '6:upcoming',
      '7:upcoming',
    ]);
  });

  it("fills each card with its day's pack: asset artwork, emoji icon, or nothing, and the amount", () => {
    const { container } = renderView();
    const card = (day: number) => container.querySelector(`[data-node-id="dr-day-${day}-card"]`) as HTMLElement;
    expect(card(1).querySelector('[role="img"]')!.textContent).toBe('🪙');
    expect(card(1).textContent).toContain('×100');
    expect(card(2).querySelector('img')!.getAttribute('src')).toBe('https://cdn.example/gem.png');
    expect(card(2).textContent).toContain('×1,500');
    const plainArtwork = card(3).querySelector('[data-node-id="dr-day-3-artwork"]') as HTMLElement;
    expect(plainArtwork.childNodes).toHaveLength(0);
    expect(plainArtwork.className).not.toContain('cb-image-placeholder');
    expect(card(4).textContent).toBe('Day 4');
  });

  it('calls onClaim from the claim button, which is enabled on any day', () => {
    const onClaim = vi.fn();
    renderView({ params: { streak: 6 }, onClaim });
    const claim = screen.getByRole('button', { name: 'Claim Reward' }) as HTMLButtonElement;
    expect(claim.disabled).toBe(false);
    fireEvent.click(claim);
    expect(onClaim).toHaveBeenCalledTimes(1);
  });

  it('shows a pending claim at once: "Claiming…", busy and disabled, today marked, and no second onClaim', () => {
    const onClaim = vi.fn();
    const { container } = renderView({ params: { streak: 2 }, onClaim, claimPending: true });
    const claim = container.querySelector('[data-bind="claim"]') as HTMLButtonElement;
    expect(claim.textContent).toBe('Claiming…');
    expect(claim.getAttribute('aria-busy')).toBe('true');
    expect(claim.disabled).toBe(true);
    fireEvent.click(claim);
    expect(onClaim).not.toHaveBeenCalled();
    expect(Array.from(container.querySelectorAll('.cb-day-pending'), (card) => card.getAttribute('data-day'))).toEqual([
      '3',
    ]);
  });

  it('shows today claimed when the server says so: its card checked, the claim button disabled with its label', () => {
    const onClaim = vi.fn();
    const { container } = renderView({
      params: { streak: 3, todayIndex: 3 },
      onClaim,
      claimPending: true,
      todayClaimed: { label: 'Next reward in 5 h' },
    });
    expect(states(container)).toEqual([
      '1:claimed',
      '2:claimed',
      '3:claimed',
      '4:upcoming',
      '5:upcoming',
      '6:upcoming',
      '7:upcoming',
    ]);
    expect(container.querySelector('[data-day="3"] .cb-day-check')).not.toBeNull();
    expect(container.querySelector('.cb-day-pending')).toBeNull();
    const claim = container.querySelector('[data-bind="claim"]') as HTMLButtonElement;
    expect(claim.textContent).toBe('Next reward in 5 h');
    expect(claim.disabled).toBe(true);
    expect(claim.hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(claim);
    expect(onClaim).not.toHaveBeenCalled();
  });

  it('shows the placeholder box, not a broken image, when an image fails to load', () => {
    const { container } = renderView();
    const artwork = () => container.querySelector('[data-node-id="dr-day-2-artwork"]') as HTMLElement;
    expect(artwork().tagName).toBe('IMG');
    fireEvent.error(artwork());
    expect(artwork().tagName).toBe('DIV');
    expect(artwork().className).toContain('cb-image-placeholder');
    expect(container.querySelector('[data-node-id="dr-day-2-card"] img')).toBeNull();
    // Day 7 shows the same image, whose own element has not failed.
    expect(container.querySelector('[data-node-id="dr-final-card"] img')).not.toBeNull();
  });

  it('lays a landscape game out with its days in one row, at most 900 px wide', () => {
    const { container } = renderView({ config: { ...CONFIG, orientation: 'landscape' } });
    expect(container.querySelector('[data-node-id="dr-footer-bar"]')).not.toBeNull();
    const view = container.querySelector('.cb-view') as HTMLElement;
    expect(view.style.getPropertyValue('--cb-popup-max-width')).toBe('900px');
    const portrait = renderView().container.querySelector('.cb-view') as HTMLElement;
    expect(portrait.style.getPropertyValue('--cb-popup-max-width')).toBe('480px');
  });

  it('offers a close button only when onClose is given', () => {
    const onClose = vi.fn();
    renderView({ onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("puts the game's theme where the layout uses the default accent and background colours", () => {
    const { container } = renderView({ theme: { primaryColor: '#FF00AA', secondaryColor: '#112233' } });
    const view = container.querySelector('.cb-view') as HTMLElement;
    expect(view.style.getPropertyValue('--cb-accent')).toBe('#FF00AA');
    const banner = container.querySelector('[data-node-id="dr-header-banner"]') as HTMLElement;
    expect(banner.style.backgroundColor).toBe(rgb('#FF00AA'));
    const amount = container.querySelector('[data-node-id="dr-day-1-amount"]') as HTMLElement;
    expect(amount.style.color).toBe(rgb('#FF00AA'));
    const screenBackground = container.querySelector('[data-node-id="dr-screen"]') as HTMLElement;
    expect(screenBackground.style.backgroundColor).toBe(rgb('#112233'));
    const claim = container.querySelector('[data-node-id="dr-claim-button"]') as HTMLElement;
    expect(claim.style.backgroundColor).toBe(rgb('#F4B400'));
  });

  it("uses the config's own theme when the host passes none, and ignores a colour that is not hex", () => {
    const { container } = renderView({
      config: { ...CONFIG, uiTheme: { primaryColor: '#00FF00', secondaryColor: 'url(x)' } },
    });
    expect((container.querySelector('.cb-view') as HTMLElement).style.getPropertyValue('--cb-accent')).toBe('#00FF00');
    const screenBackground = container.querySelector('[data-node-id="dr-screen"]') as HTMLElement;
    expect(screenBackground.style.backgroundColor).toBe(rgb('#021031'));
  });

  it('renders a stored layout, binding its own day cards and showing markup in texts as text', () => {
    const uiLayout: LayoutNode = {
      id: 'custom',
      type: 'BackgroundCB',
      props: {},
      children: [
        { id: 'title', type: 'TextCB', props: { value: '<img src=x onerror=alert(1)>' } },
        {
          id: 'card',
          type: 'GridCB',
          props: { day: 2 },
          children: [{ id: 'name', type: 'TextCB', props: { bind: 'pack.name', value: '' } }],
        },
      ],
    };
    const { container } = renderView({ config: { ...CONFIG, uiLayout }, params: { streak: 1 } });
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Pack gems')).toBeTruthy();
    expect((container.querySelector('[data-node-id="card"]') as HTMLElement).dataset.dayState).toBe('today');
    expect(screen.queryByText('Daily Bonus')).toBeNull();
  });

  it('shows a stored layout that fails the schema as text, never rendering its unsafe source', () => {
    const uiLayout = { id: 'bad', type: 'ImageCB', props: { src: 'javascript:alert(1)' } };
    const { container } = renderView({ config: { ...CONFIG, uiLayout } });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-node-id="layout-root-text"]')!.textContent).toContain('"id":"bad"');
    expect(container.querySelector('[src]')).toBeNull();
  });
});
