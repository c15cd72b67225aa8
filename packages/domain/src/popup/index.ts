/** The player-facing popup: the embed page, the published page, the emulator and the popup session. */
export * from './embed';
export * from './embed-protocol';
export * from './embed-config-check';
export * from './emulator';
export * from './popup-session';
export * from './published-page';
