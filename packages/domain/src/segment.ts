import { z } from 'zod';
import { PLATFORMS } from './game';

export const SEGMENT_NAME_MAX_LENGTH = 100;
export const SEGMENT_DESCRIPTION_MAX_LENGTH = 1000;
/** Bounds that keep any expression cheap to check and to evaluate (CEL itself has no loops). */
export const SEGMENT_EXPRESSION_MAX_LENGTH = 2000;
export const SEGMENT_EXPRESSION_LIMITS = { maxAstNodes: 400, maxDepth: 24, maxListElements: 100, maxMapEntries: 50 };

export const SEGMENT_MESSAGES = {
  nameRequired: 'Segment name is required.',
  nameTooLong: `Keep the name under ${SEGMENT_NAME_MAX_LENGTH} characters.`,
  descriptionTooLong: `Keep the description under ${SEGMENT_DESCRIPTION_MAX_LENGTH} characters.`,
  expressionRequired: 'Expression is required.',
  expressionTooLong: `Keep the expression under ${SEGMENT_EXPRESSION_MAX_LENGTH} characters.`,
  hintOperator: 'Expression should contain a logical operator (==, >, <)',
  hintGood: 'Looks good!',
  integerOutOfRange: 'Whole numbers must lie between -9223372036854775808 and 9223372036854775807 (int64).',
  matchesUnsupported: 'matches() is not available in segments; use startsWith, endsWith or contains.',
  // What CEL offers but our library gets wrong, and no player field needs (decision 037): refused when checked.
  unsignedUnsupported: 'Unsigned integers (1u, uint()) are not available in segments; use int.',
  bytesUnsupported: 'Bytes (b"…", bytes()) are not available in segments; use strings.',
  timeUnsupported:
    'Dates and durations (timestamp(), duration()) are not available in segments: no player field holds one.',
  optionalUnsupported:
    'Optional values (optional.of, optional.none) are not available in segments; use has(player.<field>).',
  mapKeyNotString: 'Map keys in segments are strings written in quotes, e.g. {"DE": 10, "FR": 20}.',
  mapKeyTwice: (key: string) => `The map has the key ${JSON.stringify(key)} twice.`,
  notFound: 'Segment not found.',
  empty: 'No segments yet. Create one to target players.',
  playerInvalid: 'The test player is not valid JSON.',
  evaluationFailed: 'When an expression fails for a player, the player is not in the segment.',
  matches: 'This player is in the segment.',
  noMatch: 'This player is not in the segment.',
  updated: (name: string) => `Segment ${name} saved.`,
  updateFailed: 'Could not save the segment.',
} as const;

/** §5's live hint, exactly: it only looks for ==, > or <. The real check is checkSegmentExpression. */
export function segmentHint(expression: string): string {
  return /==|>|</.test(expression) ? SEGMENT_MESSAGES.hintGood : SEGMENT_MESSAGES.hintOperator;
}

/** The player fields an expression can use: documented in the UI and the README. */
export const PLAYER_FIELDS = [
  { name: 'level', type: 'int', description: 'Current player level' },
  { name: 'country', type: 'string', description: 'ISO 3166-1 alpha-2 country code, e.g. "DE"' },
  { name: 'platform', type: 'string', description: `One of ${PLATFORMS.join(', ')}` },
  { name: 'daysSinceInstall', type: 'int', description: 'Whole days since the first session' },
  { name: 'sessionCount', type: 'int', description: 'Sessions played so far' },
  { name: 'totalSpend', type: 'double', description: 'Lifetime spend in USD' },
] as const;

export const EXAMPLE_PLAYER = {
  level: 12,
  country: 'DE',
  platform: 'iOS',
  daysSinceInstall: 30,
  sessionCount: 85,
  totalSpend: 19.99,
};

/** A sample player as "Test against a player" accepts it. */
export const PlayerSampleSchema = z
  .object({
    level: z.number().int(),
    country: z.string().max(64),
    platform: z.enum(PLATFORMS),
    daysSinceInstall: z.number().int().min(0),
    sessionCount: z.number().int().min(0),
    totalSpend: z.number().min(0),
  })
  .strict();

export const SegmentSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  ownerId: z.string(),
  name: z.string(),
  description: z.string(),
  expression: z.string(),
  logicType: z.literal('CEL'),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof SegmentSchema>;
