import { Environment } from '@marcbachmann/cel-js';
import { z } from 'zod';
import { hasBidiControl, hasVisibleCharacter, TEXT_MESSAGES } from './text';
import {
  PLAYER_FIELDS,
  PlayerSampleSchema,
  SEGMENT_DESCRIPTION_MAX_LENGTH,
  SEGMENT_EXPRESSION_LIMITS,
  SEGMENT_EXPRESSION_MAX_LENGTH,
  SEGMENT_MESSAGES,
  SEGMENT_NAME_MAX_LENGTH,
} from './segment';

/*
 * The CEL checker and evaluator, apart from the rest of the domain so that only the code that checks or
 * evaluates expressions (the segments routes and tab) loads the CEL library.
 */

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

const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
const STRING_LITERAL = /[rR]?(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;
const INTEGER_LITERAL = /(?<![\w.])(0[xX][0-9a-fA-F]+|\d+)([uU])?(?![\w.])/g;

/**
 * The offset of the first integer literal CEL would have to wrap: beyond int64 (uint64 with a u suffix, one more
 * for a negated literal). String literals are blanked out first so that digits inside them are not numbers.
 */
function integerOutOfRange(expression: string): number | null {
  const code = expression.replace(STRING_LITERAL, (literal) => ' '.repeat(literal.length));
  for (const match of code.matchAll(INTEGER_LITERAL)) {
    const value = BigInt(match[1] ?? '0');
    const negated = /-\s*$/.test(code.slice(0, match.index));
    const limit = match[2] ? UINT64_MAX : negated ? INT64_MAX + 1n : INT64_MAX;
    if (value > limit) return match.index;
  }
  return null;
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
  const outOfRange = integerOutOfRange(expression);
  if (outOfRange !== null) {
    return { message: SEGMENT_MESSAGES.integerOutOfRange, ...position(expression, outOfRange) };
  }
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
    .max(SEGMENT_NAME_MAX_LENGTH, SEGMENT_MESSAGES.nameTooLong)
    .refine(hasVisibleCharacter, SEGMENT_MESSAGES.nameRequired)
    .refine((text) => !hasBidiControl(text), TEXT_MESSAGES.bidiControls),
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

/** Editing a segment: name, description and expression under exactly the rules of creation. */
export const UpdateSegmentInputSchema = CreateSegmentInputSchema;
export type UpdateSegmentInput = CreateSegmentInput;
