/**
 * `@liveops/domain/published`: the part of the domain the player-facing published page ships, without zod
 * (decision 017). The popup renderer's rules (layouts, their normalisation and defaults, day states, icons, the
 * theme's defaults), the embed protocol with its codec, the zod-free config check, and the published page's own
 * messages. published.test.ts keeps zod out of everything this entry reaches.
 */
export * from '../shared/text';
export * from '../shared/format-number';
export * from '../layout/layout';
export * from '../layout/layout-style';
export * from '../layout/parse-layout';
export * from '../layout/normalise-layout';
export * from '../layout/default-layout';
export * from '../layout/popup-size';
export * from '../layout/component-defaults';
export * from '../daily-rewards/daily-reward-limits';
export * from '../daily-rewards/day-state';
export * from '../games/game-theme';
export * from '../inventory/item-icons';
export * from '../layout/presets';
export * from './embed-protocol';
export * from './embed-config-check';
export * from './published-page';
export * from './popup-session';
