/**
 * `@liveops/domain/published`: the part of the domain the player-facing published page ships, without zod
 * (decision 017). The popup renderer's rules (layouts, their normalisation and defaults, day states, icons, the
 * theme's defaults), the embed protocol with its codec, the zod-free config check, and the published page's own
 * messages. published.test.ts keeps zod out of everything this entry reaches.
 */
export * from './text';
export * from './format-number';
export * from './layout';
export * from './normalise-layout';
export * from './default-layout';
export * from './popup-size';
export * from './component-defaults';
export * from './daily-reward-limits';
export * from './day-state';
export * from './game-theme';
export * from './item-icons';
export * from './presets';
export * from './embed-protocol';
export * from './embed-config-check';
export * from './published-page';
export * from './popup-session';
