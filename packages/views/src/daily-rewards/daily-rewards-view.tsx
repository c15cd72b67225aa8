import { DAILY_REWARD_CYCLE_DAYS, type DailyRewardsParams } from '@liveops/domain/daily-rewards';
import {
  ACCENT_COLOR,
  type LayoutNode,
  normaliseDailyRewardsLayout,
  type Orientation,
  POPUP_MAX_WIDTH_PX,
  SCREEN_BACKGROUND_COLOR,
  storedDailyRewardsLayout,
} from '@liveops/domain/layout';
import { type EmbedPack } from '@liveops/domain/popup';
import { type CSSProperties, useMemo } from 'react';
import { LayoutRenderer } from '../layout-renderer';
import type { RenderContext, ViewAsset } from '../types';
import { dailyRewardsDecorator } from './bind-daily-rewards';

export interface ViewTheme {
  primaryColor?: string;
  secondaryColor?: string;
}

/**
 * A daily reward config as any host has it: the API's record, the embed's decoded config or a published
 * config.json. The layout is read from uiLayout, else layout or ui.layout, and normalised here.
 */
export interface DailyRewardsViewConfig {
  cycleDays?: number;
  rewards: readonly { day: number; packId: string }[];
  uiLayout?: unknown;
  layout?: unknown;
  ui?: unknown;
  uiTheme?: ViewTheme | null;
  theme?: ViewTheme | null;
  /** The game's orientation (decision 023): the default layout and the popup's widest size. Portrait if none. */
  orientation?: Orientation | undefined;
}

export interface DailyRewardsViewProps extends Omit<RenderContext, 'decorate'> {
  config: DailyRewardsViewConfig;
  /**
   * A layout already trusted (the UI editor's document, normalised when it was loaded and changed only through
   * its reducer): shown as it is instead of the config's stored one, so an edit re-renders only the nodes it
   * changed rather than a freshly validated copy of the whole tree.
   */
  layout?: LayoutNode;
  packs: readonly EmbedPack[];
  assets: readonly ViewAsset[];
  params: DailyRewardsParams;
  /** The game's theme: primaryColor is the accent, secondaryColor the screen background. */
  theme?: ViewTheme | null;
  onClaim?: () => void;
  /** The claim was tapped and the game has not answered: the claim button shows it (decision 023). */
  claimPending?: boolean;
  /** Today is claimed: its card shows it and the claim button reads `label`, disabled (decision 036). */
  todayClaimed?: { label: string };
  /** When given, a close button sits in the frame's top right corner. */
  onClose?: () => void;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const hex = (value: string | undefined): string | undefined => (value && HEX.test(value) ? value : undefined);

/**
 * The player's daily-rewards popup. The layout is the config's, normalised (a missing or empty one is
 * the default layout); day cards show their state (decision 012: claimed dimmed with a check mark, today in the
 * accent colour with a pulse, upcoming as stored) and take their day's pack. The theme passed in wins over the
 * config's own (uiTheme, else theme), colour by colour; either replaces only the layout's default colours.
 * The game's orientation picks the default layout and the popup's widest size (decision 023).
 */
export function DailyRewardsView({
  config,
  layout: trusted,
  packs,
  assets,
  params,
  theme,
  onClaim,
  claimPending = false,
  todayClaimed,
  onClose,
  ...editor
}: DailyRewardsViewProps) {
  const stored = trusted ? undefined : storedDailyRewardsLayout(config);
  const cycleDays = config.cycleDays ?? DAILY_REWARD_CYCLE_DAYS;
  const orientation: Orientation = config.orientation === 'landscape' ? 'landscape' : 'portrait';
  const layout = useMemo(
    () => trusted ?? normaliseDailyRewardsLayout(stored, cycleDays, orientation).layout,
    [trusted, stored, cycleDays, orientation],
  );

  const configTheme = config.uiTheme ?? config.theme;
  const accent = hex(theme?.primaryColor) ?? hex(configTheme?.primaryColor) ?? ACCENT_COLOR;
  const background = hex(theme?.secondaryColor) ?? hex(configTheme?.secondaryColor) ?? SCREEN_BACKGROUND_COLOR;
  const { streak, todayIndex } = params;
  const { rewards } = config;
  const assetUrls = useMemo(() => new Map(assets.map((asset) => [asset.assetId, asset.url])), [assets]);
  const decorate = useMemo(
    () =>
      dailyRewardsDecorator({
        cycleDays,
        rewards,
        packs,
        assets: assetUrls,
        params: todayIndex === undefined ? { streak } : { streak, todayIndex },
        colors: { accent, background },
        ...(onClaim ? { onClaim } : {}),
        claimPending,
        ...(todayClaimed ? { todayClaimed } : {}),
      }),
    [cycleDays, rewards, packs, assetUrls, streak, todayIndex, accent, background, onClaim, claimPending, todayClaimed],
  );
  const frameStyle = useMemo(
    () => ({ '--cb-accent': accent, '--cb-popup-max-width': `${POPUP_MAX_WIDTH_PX[orientation]}px` }) as CSSProperties,
    [accent, orientation],
  );

  return (
    <LayoutRenderer {...editor} layout={layout} assets={assets} decorate={decorate} style={frameStyle}>
      {onClose && (
        <button type="button" className="cb-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      )}
    </LayoutRenderer>
  );
}
