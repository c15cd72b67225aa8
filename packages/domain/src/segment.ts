import { Environment } from '@marcbachmann/cel-js';
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
  matchesUnsupported: 'matches() is not available in segments; use startsWith, endsWith or contains.',
  notFound: 'Segment not found.',
  empty: 'No segments yet. Create one to target players.',
  playerInvalid: 'The test player is not valid JSON.',
  matches: 'This player is in the segment.',
  noMatch: 'This player is not in the segment.',
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

function createEnvironment() {
  return new Environment({ limits: SEGMENT_EXPRESSION_LIMITS }).registerVariable({
    name: 'player',
    schema: Object.fromEntries(PLAYER_FIELDS.map((field) => [field.name, field.type])),
  });
}
const environment = createEnvironment();

export type ExpressionProblem = { message: string; line: number; column: number };

/** "line L, column C" from a 0-based offset. */
function position(expression: string, offset: number): { line: number; column: number } {
  const before = expression.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

function problemOf(expression: string, error: unknown): ExpressionProblem {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.split('\n')[0]?.trim() || 'Invalid expression';
  const offset = (error as { node?: { pos?: unknown } }).node?.pos;
  return { message, ...position(expression, typeof offset === 'number' ? offset : 0) };
}

export function formatProblem(problem: ExpressionProblem): string {
  return `${problem.message} (line ${problem.line}, column ${problem.column})`;
}

/**
 * Parses and type-checks an expression against the player schema: unknown fields, wrong types and unknown
 * functions are caught here, with their position. The result must be a bool.
 */
export function checkSegmentExpression(expression: string): ExpressionProblem | null {
  if (expression.length > SEGMENT_EXPRESSION_MAX_LENGTH) {
    return { message: SEGMENT_MESSAGES.expressionTooLong, line: 1, column: 1 };
  }
  // Regular expressions are the one way to make CEL slow (catastrophic backtracking): not offered.
  const regex = /\bmatches\s*\(/.exec(expression);
  if (regex) return { message: SEGMENT_MESSAGES.matchesUnsupported, ...position(expression, regex.index) };
  let result: ReturnType<typeof environment.check>;
  try {
    result = environment.check(expression);
  } catch (error) {
    return problemOf(expression, error);
  }
  if (!result.valid) return problemOf(expression, result.error);
  if (result.type !== 'bool') {
    return {
      message: `The expression must give true or false for a player; it gives ${result.type}.`,
      line: 1,
      column: 1,
    };
  }
  return null;
}

export type SegmentEvaluation = { ok: true; matches: boolean } | { ok: false; message: string };

/** Evaluates a checked expression for a sample player (JSON text). Never throws. */
export function evaluateSegment(expression: string, playerJson: string): SegmentEvaluation {
  const problem = checkSegmentExpression(expression);
  if (problem) return { ok: false, message: formatProblem(problem) };
  let raw: unknown;
  try {
    raw = JSON.parse(playerJson);
  } catch {
    return { ok: false, message: SEGMENT_MESSAGES.playerInvalid };
  }
  const player = PlayerSampleSchema.safeParse(raw);
  if (!player.success) {
    const issue = player.error.issues[0];
    return { ok: false, message: `player${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message}` };
  }
  const ints = new Set<string>(PLAYER_FIELDS.filter((f) => f.type === 'int').map((f) => f.name));
  const context = Object.fromEntries(
    Object.entries(player.data).map(([key, value]) => [key, ints.has(key) ? BigInt(value as number) : value]),
  );
  try {
    const value = environment.evaluate(expression, { player: context });
    return typeof value === 'boolean'
      ? { ok: true, matches: value }
      : { ok: false, message: 'The expression did not give true or false.' };
  } catch (error) {
    return { ok: false, message: formatProblem(problemOf(expression, error)) };
  }
}

export const CreateSegmentInputSchema = z.object({
  name: z
    .string({ error: SEGMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, SEGMENT_MESSAGES.nameRequired)
    .max(SEGMENT_NAME_MAX_LENGTH, SEGMENT_MESSAGES.nameTooLong),
  description: z
    .string()
    .trim()
    .max(SEGMENT_DESCRIPTION_MAX_LENGTH, SEGMENT_MESSAGES.descriptionTooLong)
    .optional()
    .default(''),
  expression: z
    .string({ error: SEGMENT_MESSAGES.expressionRequired })
    .trim()
    .min(1, SEGMENT_MESSAGES.expressionRequired)
    .max(SEGMENT_EXPRESSION_MAX_LENGTH, SEGMENT_MESSAGES.expressionTooLong)
    .superRefine((expression, ctx) => {
      const problem = checkSegmentExpression(expression);
      if (problem) ctx.addIssue({ code: 'custom', message: formatProblem(problem) });
    }),
});
export type CreateSegmentInput = z.input<typeof CreateSegmentInputSchema>;

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
