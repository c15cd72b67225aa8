import type { Environment } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import leven from 'leven';
import { SEGMENT_EXPRESSION_MAX_LENGTH, SEGMENT_MESSAGES } from './segment';

/*
 * Checking a CEL expression before it runs, in any environment: its size, the constructs segments refuse, parsing
 * and type-checking, and where a problem is (with a suggestion for a typo). segment-expression.ts gives it the
 * player's environment.
 */

/**
 * What the checker found, where. `suggestion` is what a typo was probably meant to be (`platform` for
 * `platfrom`), shown after the message as "Did you mean `platform`?".
 */
export type ExpressionProblem = { message: string; line: number; column: number; suggestion?: string };

/** "line L, column C" from a 0-based offset. */
export function position(expression: string, offset: number): { line: number; column: number } {
  const before = expression.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

export function problemOf(expression: string, error: unknown): ExpressionProblem {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.split('\n')[0]?.trim() || 'Invalid expression';
  const offset = (error as { node?: { pos?: unknown } }).node?.pos;
  return { message, ...position(expression, typeof offset === 'number' ? offset : 0) };
}

export function formatProblem(problem: ExpressionProblem): string {
  const at = `${problem.message} (line ${problem.line}, column ${problem.column})`;
  return problem.suggestion ? `${at}. ${SEGMENT_MESSAGES.didYouMean(problem.suggestion)}` : at;
}

/**
 * The known name a typo most likely meant: the closest by edit distance, ignoring case, within 1 edit for names
 * of up to 3 letters and 2 for longer ones (`platfrom` is 2 from `platform`, `levle` 2 from `level`). The first
 * of equally close names wins, so the order of `known` breaks ties.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const limit = typed.length <= 3 ? 1 : 2;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = leven(typed.toLowerCase(), name.toLowerCase(), { maxDistance: limit + 1 });
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

const UNKNOWN_FIELD = /^No such key: ([A-Za-z_][A-Za-z0-9_]*)$/;
const UNKNOWN_VARIABLE = /^Unknown variable: ([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * A problem with what an unknown field or variable probably meant, from the player's fields (built-in and the
 * game's custom attributes): `player.platfrom` suggests `platform`; a bare `platfrom` suggests `player.platform`,
 * and `plyer` suggests `player`. The CEL library's own message stays as it is.
 */
export function withSuggestion(problem: ExpressionProblem, fields: readonly string[]): ExpressionProblem {
  const field = UNKNOWN_FIELD.exec(problem.message)?.[1];
  if (field) {
    const suggestion = closestName(field, fields);
    return suggestion ? { ...problem, suggestion } : problem;
  }
  const variable = UNKNOWN_VARIABLE.exec(problem.message)?.[1];
  if (variable) {
    const suggestion = closestName(variable, ['player', ...fields]);
    if (suggestion) return { ...problem, suggestion: suggestion === 'player' ? 'player' : `player.${suggestion}` };
  }
  return problem;
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

/** The library's parsed node: an operator, its arguments (nodes, names, literals) and its offset. */
export type CelNode = { op: string; args: unknown; pos: number };

export function isCelNode(value: unknown): value is CelNode {
  return typeof value === 'object' && value !== null && typeof (value as { op?: unknown }).op === 'string';
}

/** A node's sub-expressions: `call` is [name, args], `rcall` [name, receiver, args], `map` [[key, value]…]. */
export function celChildren(node: CelNode): CelNode[] {
  const { args } = node;
  if (isCelNode(args)) return [args];
  if (!Array.isArray(args)) return [];
  return (args as unknown[]).flatMap((arg) =>
    isCelNode(arg) ? [arg] : Array.isArray(arg) ? (arg as unknown[]).filter(isCelNode) : [],
  );
}

const REFUSED_CALLS: Record<string, string> = {
  uint: SEGMENT_MESSAGES.unsignedUnsupported,
  bytes: SEGMENT_MESSAGES.bytesUnsupported,
  timestamp: SEGMENT_MESSAGES.timeUnsupported,
  duration: SEGMENT_MESSAGES.timeUnsupported,
};

/**
 * The first construct segments refuse although CEL has it, because the library answers it wrong (measured by
 * cel-conformance.test.ts, decision 037) and no player field needs it: unsigned integers, bytes, dates and
 * durations (whatever their type, every such value starts at a literal or one of these conversions), optional
 * values, and map keys other than distinct string literals (the library keeps every map as a JavaScript object,
 * so 1 and "1" would be one key, and a repeated key silently wins).
 */
function refusedConstruct(root: CelNode): { message: string; pos: number } | null {
  const pending = [root];
  let found: { message: string; pos: number } | null = null;
  const refuse = (message: string, pos: number) => {
    if (!found || pos < found.pos) found = { message, pos };
  };
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { op, args } = node;
    if (op === 'value') {
      if (args instanceof UnsignedInt) refuse(SEGMENT_MESSAGES.unsignedUnsupported, node.pos);
      if (args instanceof Uint8Array) refuse(SEGMENT_MESSAGES.bytesUnsupported, node.pos);
    } else if (op === 'id' && args === 'optional') {
      refuse(SEGMENT_MESSAGES.optionalUnsupported, node.pos);
    } else if (
      op === 'call' &&
      Array.isArray(args) &&
      typeof args[0] === 'string' &&
      Object.hasOwn(REFUSED_CALLS, args[0])
    ) {
      refuse(REFUSED_CALLS[args[0]] ?? '', node.pos);
    } else if (op === 'map' && Array.isArray(args)) {
      const keys = new Set<string>();
      for (const entry of args as unknown[]) {
        const key = Array.isArray(entry) ? (entry[0] as unknown) : undefined;
        if (!isCelNode(key) || key.op !== 'value' || typeof key.args !== 'string') {
          refuse(SEGMENT_MESSAGES.mapKeyNotString, isCelNode(key) ? key.pos : node.pos);
        } else if (keys.has(key.args)) {
          refuse(SEGMENT_MESSAGES.mapKeyTwice(key.args), key.pos);
        } else {
          keys.add(key.args);
        }
      }
    }
    pending.push(...celChildren(node));
  }
  return found;
}

export type CelProgram = ReturnType<Environment['parse']>;
export type CelCheck =
  { problem: ExpressionProblem; program?: undefined } | { problem: null; program: CelProgram; type: string };

/**
 * Everything a segment's expression must pass before it runs, whatever its result type: size, the constructs
 * segments refuse, parsing and type-checking in the given environment. Parsed and checked once: the program
 * then only evaluates.
 */
export function checkCelExpression(environment: Environment, expression: string): CelCheck {
  if (expression.length > SEGMENT_EXPRESSION_MAX_LENGTH) {
    return { problem: { message: SEGMENT_MESSAGES.expressionTooLong, line: 1, column: 1 } };
  }
  // Regular expressions are the one way to make CEL slow (catastrophic backtracking): not offered.
  const regex = /\bmatches\s*\(/.exec(expression);
  if (regex) return { problem: { message: SEGMENT_MESSAGES.matchesUnsupported, ...position(expression, regex.index) } };
  const outOfRange = integerOutOfRange(expression);
  if (outOfRange !== null) {
    return { problem: { message: SEGMENT_MESSAGES.integerOutOfRange, ...position(expression, outOfRange) } };
  }
  let program: CelProgram;
  let result: ReturnType<CelProgram['check']>;
  try {
    program = environment.parse(expression);
    const refused = refusedConstruct(program.ast);
    if (refused) return { problem: { message: refused.message, ...position(expression, refused.pos) } };
    result = program.check();
  } catch (error) {
    return { problem: problemOf(expression, error) };
  }
  if (!result.valid) return { problem: problemOf(expression, result.error) };
  return { problem: null, program, type: result.type ?? 'dyn' };
}
