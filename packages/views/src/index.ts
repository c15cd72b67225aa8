/**
 * The player-facing popup renderer: one renderer shared by the editor preview, the emulator, the embed page and
 * the published page. React function components using only what preact/compat also provides; styles inline
 * plus VIEWS_CSS (classes prefixed cb-), which the host document carries; text always rendered as text.
 */
export { COMPONENTS } from './components/registry';
export { LayoutRenderer, type LayoutRendererProps } from './layout-renderer';
export {
  bindDailyRewards,
  dailyRewardsDecorator,
  dailyRewardsPropSource,
  type DailyRewardsPropSource,
  type ThemeColorRole,
} from './daily-rewards/bind-daily-rewards';
export {
  DailyRewardsView,
  type DailyRewardsViewConfig,
  type DailyRewardsViewProps,
  type ViewTheme,
} from './daily-rewards/daily-rewards-view';
export { VIEWS_CSS } from './styles';
export type {
  HostProps,
  NodeDecoration,
  NodeDecorator,
  NodeRenderProps,
  RenderContext,
  ViewAsset,
  ViewComponent,
} from './types';
