import type { CustomAttribute } from './player-attributes';

/** A game's custom attributes, one of each type a declaration may give. */
export const DECLARED_OF_EVERY_TYPE: readonly CustomAttribute[] = [
  { name: 'vip', type: 'bool' },
  { name: 'guildRank', type: 'int' },
  { name: 'ltv', type: 'double' },
  { name: 'cohort', type: 'string' },
  { name: 'tags', type: 'list<string>' },
];
