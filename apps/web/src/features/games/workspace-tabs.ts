import {
  ChartColumn,
  CalendarCheck,
  Gamepad2,
  Image,
  Megaphone,
  MonitorSmartphone,
  Package,
  Sparkles,
  UserSearch,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths, type GameTab } from '../../config/paths';

export type WorkspaceTab =
  | 'profile'
  | 'emulator'
  | 'assets'
  | 'segments'
  | 'inventory'
  | 'offers'
  | 'events'
  | 'dailyRewards'
  | 'analytics'
  | 'players';

/** `path` is the tab's own path under the game; the profile has none. */
export type WorkspaceTabInfo = {
  tab: WorkspaceTab;
  label: string;
  path?: GameTab;
  icon: LucideIcon;
  disabled?: boolean;
};

/** The sidebar's navigation, in the spec's order; Daily Rewards sits below the divider. */
export const MAIN_TABS: WorkspaceTabInfo[] = [
  { tab: 'profile', label: 'Game Profile', icon: Gamepad2 },
  { tab: 'emulator', label: 'Emulator', path: 'emulator', icon: MonitorSmartphone },
  { tab: 'assets', label: 'Assets', path: 'assets', icon: Image },
  { tab: 'segments', label: 'Player Segments', path: 'segments', icon: Users },
  { tab: 'inventory', label: 'Inventory', path: 'inventory', icon: Package },
];
/**
 * The spec's "Coming Soon, disabled" tabs, last in the nav and muted (decision 056): not among
 * the tools a studio uses every day. Their addresses still show "Coming Soon.".
 */
export const COMING_SOON_TABS: WorkspaceTabInfo[] = [
  { tab: 'offers', label: 'Offers', path: 'offers', icon: Megaphone, disabled: true },
  { tab: 'events', label: 'Events', path: 'events', icon: Sparkles, disabled: true },
];
export const DAILY_REWARDS_TAB: WorkspaceTabInfo = {
  tab: 'dailyRewards',
  label: 'Daily Rewards',
  path: 'daily-rewards',
  icon: CalendarCheck,
};
/** The Analytics tab (decision 044): the daily reward's figures, between Daily Rewards and Players. */
export const ANALYTICS_TAB: WorkspaceTabInfo = {
  tab: 'analytics',
  label: 'Analytics',
  path: 'analytics',
  icon: ChartColumn,
};
/** The Players tab (decision 043): below the divider, after Daily Rewards. */
export const PLAYERS_TAB: WorkspaceTabInfo = { tab: 'players', label: 'Players', path: 'players', icon: UserSearch };
/** The tabs below the divider, in order: what the studio's players do with the game's features. */
export const LOWER_TABS: WorkspaceTabInfo[] = [DAILY_REWARDS_TAB, ANALYTICS_TAB, PLAYERS_TAB];

/**
 * A path containing assets, emulator, segments, inventory, offers or events selects that tab; otherwise
 * the tab is profile. The tabs below the divider have their own path segments too.
 */
export function tabFromPath(pathname: string): WorkspaceTab {
  const rest = pathname.split('/').slice(4);
  for (const segment of rest) {
    const hit = [...MAIN_TABS, ...LOWER_TABS, ...COMING_SOON_TABS].find((info) => info.path && info.path === segment);
    if (hit) return hit.tab;
  }
  return 'profile';
}

export function tabPath(gameId: string, info: WorkspaceTabInfo): string {
  return paths.game(gameId, info.path);
}
