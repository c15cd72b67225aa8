import { z } from 'zod';
import { formatNumber } from '../shared/format-number';
import { PLATFORMS } from '../games/game';

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
  didYouMean: (name: string) => `Did you mean \`${name}\`?`,
  platformNeverMatches: (value: string) =>
    `player.platform is one of ${PLATFORMS.join(', ')}: ${JSON.stringify(value)} never matches`,
  countryNeverMatches: (value: string) =>
    `player.country is a country code in capitals, such as "DE": ${JSON.stringify(value)} never matches`,
  notFound: 'Segment not found.',
  empty: 'No segments yet. Create one to target players.',
  playerInvalid: 'The test player is not valid JSON.',
  evaluationFailed: 'When an expression fails for a player, the player is not in the segment.',
  matches: 'This player is in the segment.',
  noMatch: 'This player is not in the segment.',
  updated: (name: string) => `Segment ${name} saved.`,
  updateFailed: 'Could not save the segment.',
  /** An edit's save button (decision 055): with changes, and once all is saved. */
  saveButtonDirty: 'Save Changes',
  saveButtonClean: 'Saved',
} as const;

/** The spec's live hint, exactly: it only looks for ==, > or <. The real check is checkSegmentExpression. */
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

/*
 * Audiences (decision 054): how many players a segment holds. A saved segment's audience is the
 * players who matched it at their last session, of all the game's players seen in the last AUDIENCE_WINDOW_DAYS;
 * the server counts them at most once every AUDIENCE_REFRESH_MS per game. A draft expression's is an estimate: the
 * expression evaluated over the game's AUDIENCE_SAMPLE_MAX most recently seen players, within a time budget.
 */
export const AUDIENCE_WINDOW_DAYS = 30;
export const AUDIENCE_REFRESH_MS = 60_000;
export const AUDIENCE_SAMPLE_MAX = 1_000;
export const AUDIENCE_ESTIMATE_BUDGET_MS = 200;

/** `GET /api/games/:gameId/segments/audience`: each segment's audience as counted at `countedAt`. */
export const SegmentAudienceSchema = z.object({
  windowDays: z.number().int(),
  /** The game's players seen in the window. */
  seen: z.number().int().min(0),
  /** Segment id → players of `seen` who matched it at their last session (absent: none). */
  segments: z.record(z.string(), z.number().int().min(0)),
  countedAt: z.string(),
});
export type SegmentAudience = z.infer<typeof SegmentAudienceSchema>;

/** `POST /api/games/:gameId/segments/audience-estimate`: a draft expression over the recent players' sample. */
export const AudienceEstimateSchema = z.object({
  windowDays: z.number().int(),
  sampleMax: z.number().int(),
  /** Players in the sample: the most recently seen, at most `sampleMax`, all seen in the window. */
  sampled: z.number().int().min(0),
  /** Of the sample, those evaluated within the time budget (`sampled` unless `complete` is false). */
  evaluated: z.number().int().min(0),
  matched: z.number().int().min(0),
  /** Evaluations that failed (an attribute the player never sent…): not in the segment, as at a session. */
  failed: z.number().int().min(0),
  complete: z.boolean(),
  sampledAt: z.string(),
});
export type AudienceEstimate = z.infer<typeof AudienceEstimateSchema>;

/** A share as the audience texts write it: "24 %", "0.4 %", "< 0.1 %". */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '0 %';
  const share = (part / whole) * 100;
  if (share > 0 && share < 0.1) return '< 0.1 %';
  return `${formatNumber(share >= 10 ? Math.round(share) : Math.round(share * 10) / 10)} %`;
}

export const AUDIENCE_MESSAGES = {
  /** A saved segment's audience, on the list and its page. */
  count: (matched: number, seen: number) =>
    `${formatNumber(matched)} of ${formatNumber(seen)} ${seen === 1 ? 'player' : 'players'} (${formatShare(matched, seen)})`,
  noPlayers: `No players seen in the last ${AUDIENCE_WINDOW_DAYS} days yet.`,
  explained: `Players who matched at their last session, of all players seen in the last ${AUDIENCE_WINDOW_DAYS} days. An edit reaches each player at their next session.`,
  loadFailed: 'Could not count the audience.',
  estimate: (estimate: Pick<AudienceEstimate, 'matched' | 'evaluated'>) =>
    `About ${formatShare(estimate.matched, estimate.evaluated)} of the last ${formatNumber(estimate.evaluated)} ${
      estimate.evaluated === 1 ? 'player' : 'players'
    } seen (${formatNumber(estimate.matched)} matched)`,
  estimatePartial: (evaluated: number, sampled: number) =>
    `Only ${formatNumber(evaluated)} of ${formatNumber(sampled)} sampled players could be evaluated in time.`,
  estimateFailed: (failed: number) =>
    `${formatNumber(failed)} ${failed === 1 ? 'player' : 'players'} lacked a field the expression reads and would not match.`,
  estimateNoPlayers: `No players seen in the last ${AUDIENCE_WINDOW_DAYS} days to estimate with yet.`,
  estimateUnavailable: 'Could not estimate the audience.',
} as const;
