/** Segments: their rules (CEL expressions), the player attributes they read, custom attribute declarations. */
export * from './segment';
export * from './player-attributes';
export * from './custom-attribute-declarations';
export * from './segment-expression';
export {
  checkCelExpression,
  closestName,
  formatProblem,
  type CelCheck,
  type CelProgram,
  type ExpressionProblem,
} from './cel-check';
