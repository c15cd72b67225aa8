/** Games: a game's settings and theme. */
export * from './game';
export * from './game-theme';
