/** Segments: their rules (CEL expressions), the player attributes they read, custom attribute declarations. */
export * from './segment';
export * from './player-attributes';
export * from './custom-attribute-declarations';
export * from './segment-expression';
