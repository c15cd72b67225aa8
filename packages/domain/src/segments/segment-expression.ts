import { Environment } from '@marcbachmann/cel-js';
import { z } from 'zod';
import {
  type CustomAttribute,
  type CustomAttributeType,
  customAttributeNameProblem,
  type PlayerAttributeValues,
  toCelValue,
} from './player-attributes';
import {
  PLAYER_FIELDS,
  PlayerSampleSchema,
  SEGMENT_DESCRIPTION_MAX_LENGTH,
  SEGMENT_EXPRESSION_LIMITS,
  SEGMENT_EXPRESSION_MAX_LENGTH,
  SEGMENT_MESSAGES,
  SEGMENT_NAME_MAX_LENGTH,
} from './segment';

import {
  celChildren,
  checkCelExpression,
  type CelNode,
  type CelProgram,
  type ExpressionProblem,
  formatProblem,
  isCelNode,
  position,
  problemOf,
  withSuggestion,
} from './cel-check';
import { PLATFORMS } from '../games/game';
import { requiredTextSchema } from '../shared/required-text-schema';

/*
 * The CEL checker and evaluator of segments, in modules of their own (this one and cel-check.ts) so that only the
 * code that checks or evaluates expressions (the segments routes and tab, the runtime) loads the CEL library: the
 * package is free of side effects, so a bundle that imports neither leaves them and the library out.
 */

/**
 * The CEL environment of segments, before `player` is declared: its options and limits. The conformance test
 * (cel-conformance.test.ts) declares its own variables in one, so that it measures exactly what segments run.
 */
export function createSegmentEnvironment(): Environment {
  return new Environment({ limits: SEGMENT_EXPRESSION_LIMITS });
}

/** What `player` holds for one declaration of custom attributes: its CEL environment and its sample schema. */
type PlayerSchema = {
  environment: Environment;
  types: ReadonlyMap<string, CustomAttributeType>;
  sample: z.ZodType<Record<string, unknown>>;
};

const SAMPLE_TYPES: Record<CustomAttributeType, z.ZodType> = {
  int: z.number().int(),
  double: z.number(),
  string: z.string(),
  bool: z.boolean(),
  'list<string>': z.array(z.string()),
};

function createPlayerSchema(custom: readonly CustomAttribute[]): PlayerSchema {
  const types = new Map<string, CustomAttributeType>(PLAYER_FIELDS.map((field) => [field.name, field.type]));
  for (const attribute of custom) types.set(attribute.name, attribute.type);
  const environment = createSegmentEnvironment().registerVariable({
    name: 'player',
    schema: Object.fromEntries(types),
  });
  const sample = PlayerSampleSchema.extend(
    Object.fromEntries(custom.map((attribute) => [attribute.name, SAMPLE_TYPES[attribute.type].optional()])),
  ).strict();
  return { environment, types, sample };
}

/**
 * One environment per declaration (a game's custom attributes), whatever their order: building one costs far
 * more than checking an expression. Bounded, least recently used first out.
 */
const PLAYER_SCHEMA_CACHE_MAX = 64;
const playerSchemas = new Map<string, PlayerSchema>();

function playerSchemaFor(customAttributes: readonly CustomAttribute[]): PlayerSchema {
  // A declaration is validated when saved (CustomAttributesSchema); one that is not is used as far as it can be.
  const usable = new Map<string, CustomAttributeType>();
  for (const attribute of customAttributes) {
    if (!usable.has(attribute.name) && customAttributeNameProblem(attribute.name) === null) {
      usable.set(attribute.name, attribute.type);
    }
  }
  const custom = [...usable].map(([name, type]) => ({ name, type })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const key = custom.map((attribute) => `${attribute.name}:${attribute.type}`).join(',');
  const cached = playerSchemas.get(key);
  if (cached) {
    playerSchemas.delete(key);
    playerSchemas.set(key, cached);
    return cached;
  }
  const created = createPlayerSchema(custom);
  playerSchemas.set(key, created);
  if (playerSchemas.size > PLAYER_SCHEMA_CACHE_MAX) playerSchemas.delete(playerSchemas.keys().next().value as string);
  return created;
}

type Analysis = { problem: ExpressionProblem; program?: undefined } | { problem: null; program: CelProgram };

function analyse(schema: PlayerSchema, expression: string): Analysis {
  const checked = checkCelExpression(schema.environment, expression);
  if (!checked.program) return { problem: withSuggestion(checked.problem, [...schema.types.keys()]) };
  if (checked.type !== 'bool') {
    return {
      problem: {
        message: `The expression must give true or false for a player; it gives ${checked.type}.`,
        line: 1,
        column: 1,
      },
    };
  }
  return { problem: null, program: checked.program };
}

/** The built-in fields whose values a game cannot choose freely: a literal outside them never matches a player. */
type ClosedField = {
  holds: (value: string) => boolean;
  problem: (value: string) => string;
  suggest: (value: string) => string | undefined;
};
const CLOSED_FIELDS = new Map<string, ClosedField>(
  Object.entries({
    platform: {
      holds: (value) => (PLATFORMS as readonly string[]).includes(value),
      problem: SEGMENT_MESSAGES.platformNeverMatches,
      suggest: (value) => PLATFORMS.find((platform) => platform.toLowerCase() === value.trim().toLowerCase()),
    },
    country: {
      holds: (value) => /^[A-Z]{2}$/.test(value),
      problem: SEGMENT_MESSAGES.countryNeverMatches,
      suggest: (value) => (/^[a-zA-Z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined),
    },
  } satisfies Record<string, ClosedField>),
);

/** `player.<field>` as the parser gives it, or null. */
function fieldOf(node: unknown): string | null {
  if (!isCelNode(node) || node.op !== '.' || !Array.isArray(node.args)) return null;
  const [target, field] = node.args as unknown[];
  return isCelNode(target) && target.op === 'id' && target.args === 'player' && typeof field === 'string'
    ? field
    : null;
}

function stringLiteral(node: unknown): { value: string; pos: number } | null {
  return isCelNode(node) && node.op === 'value' && typeof node.args === 'string'
    ? { value: node.args, pos: node.pos }
    : null;
}

/**
 * The first comparison of a closed field with a value no player has (`player.platform == "ios"`, `player.country in
 * ["de"]`): it type-checks, and would quietly match nobody. Found in the parsed tree, so strings and comments are
 * never mistaken for it.
 */
function neverMatchingLiteral(root: CelNode, expression: string): ExpressionProblem | null {
  type Candidate = { value: string; pos: number; rule: ClosedField };
  const candidates: Candidate[] = [];
  const consider = (field: string | null, literal: { value: string; pos: number } | null) => {
    const rule = field === null ? undefined : CLOSED_FIELDS.get(field);
    if (rule && literal && !rule.holds(literal.value)) candidates.push({ ...literal, rule });
  };
  const pending = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const args = Array.isArray(node.args) ? (node.args as unknown[]) : [];
    if ((node.op === '==' || node.op === '!=') && args.length === 2) {
      consider(fieldOf(args[0]), stringLiteral(args[1]));
      consider(fieldOf(args[1]), stringLiteral(args[0]));
    } else if (node.op === 'in' && args.length === 2 && isCelNode(args[1]) && args[1].op === 'list') {
      const field = fieldOf(args[0]);
      const entries = Array.isArray(args[1].args) ? (args[1].args as unknown[]) : [];
      for (const entry of entries) consider(field, stringLiteral(entry));
    }
    pending.push(...celChildren(node));
  }
  const first = candidates.sort((a, b) => a.pos - b.pos)[0];
  if (!first) return null;
  const suggestion = first.rule.suggest(first.value);
  return {
    message: first.rule.problem(first.value),
    ...position(expression, first.pos),
    ...(suggestion === undefined ? {} : { suggestion: JSON.stringify(suggestion) }),
  };
}

/**
 * Parses and type-checks an expression against the player: the built-in fields and the game's declared custom
 * attributes. Unknown fields, wrong types and unknown functions are caught here, with their position. The result
 * must be a bool, and a closed field (platform, country) is never compared with a value no player has. (A segment
 * saved before that last rule still runs as written: compileSegment does not apply it.)
 */
export function checkSegmentExpression(
  expression: string,
  customAttributes: readonly CustomAttribute[] = [],
): ExpressionProblem | null {
  const analysis = analyse(playerSchemaFor(customAttributes), expression);
  if (!analysis.program) return analysis.problem;
  return neverMatchingLiteral(analysis.program.ast as CelNode, expression);
}

/**
 * A segment compiled for the runtime: call it with a player's attributes (readSessionAttributes' `values`) to
 * know whether the player is in the segment. It never throws. `problem` is null when the expression checks;
 * otherwise (a segment saved before an attribute it uses was removed, say) the segment matches nobody.
 */
export type SegmentMatcher = ((player: PlayerAttributeValues) => boolean) & {
  readonly problem: ExpressionProblem | null;
};

/**
 * Parses and checks once; the matcher then only evaluates. An evaluation that fails (an attribute the player
 * does not have, an overflow, a division by zero) means "not in the segment": the matcher answers false and
 * calls `onError` with the library's message, if given, so that the caller can count or log it.
 */
export function compileSegment(
  expression: string,
  customAttributes: readonly CustomAttribute[] = [],
  onError?: (message: string) => void,
): SegmentMatcher {
  const { problem, program } = analyse(playerSchemaFor(customAttributes), expression);
  if (!program) return Object.assign(() => false, { problem });
  const matches = (player: PlayerAttributeValues): boolean => {
    try {
      return program({ player }) === true;
    } catch (error) {
      onError?.(problemOf(expression, error).message);
      return false;
    }
  };
  return Object.assign(matches, { problem: null });
}

export type SegmentEvaluation = { ok: true; matches: boolean } | { ok: false; message: string };

/**
 * Evaluates an expression for a sample player (JSON text): the six built-in fields and, optionally, values of the
 * game's custom attributes. Never throws.
 */
export function evaluateSegment(
  expression: string,
  playerJson: string,
  customAttributes: readonly CustomAttribute[] = [],
): SegmentEvaluation {
  const schema = playerSchemaFor(customAttributes);
  const { problem, program } = analyse(schema, expression);
  if (!program) return { ok: false, message: formatProblem(problem) };
  let raw: unknown;
  try {
    raw = JSON.parse(playerJson);
  } catch {
    return { ok: false, message: SEGMENT_MESSAGES.playerInvalid };
  }
  const player = schema.sample.safeParse(raw);
  if (!player.success) {
    const issue = player.error.issues[0];
    const path = issue?.path.length ? `.${issue.path.join('.')}` : '';
    return { ok: false, message: `player${path}: ${issue?.message}` };
  }
  const values: PlayerAttributeValues = {};
  for (const [name, value] of Object.entries(player.data)) {
    const type = schema.types.get(name);
    const converted = type ? toCelValue(type, value) : undefined;
    if (converted !== undefined) values[name] = converted;
  }
  try {
    const value: unknown = program({ player: values });
    return typeof value === 'boolean'
      ? { ok: true, matches: value }
      : { ok: false, message: 'The expression did not give true or false.' };
  } catch (error) {
    return {
      ok: false,
      message: `${formatProblem(problemOf(expression, error))}. ${SEGMENT_MESSAGES.evaluationFailed}`,
    };
  }
}

/**
 * A segment's fields as creation and editing take them, the expression checked against the game's custom
 * attributes. `CreateSegmentInputSchema` is the one for a game that declares none.
 */
export function segmentInputSchemaFor(customAttributes: readonly CustomAttribute[]) {
  return z.object({
    name: requiredTextSchema(SEGMENT_NAME_MAX_LENGTH, {
      required: SEGMENT_MESSAGES.nameRequired,
      tooLong: SEGMENT_MESSAGES.nameTooLong,
    }),
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
        const problem = checkSegmentExpression(expression, customAttributes);
        if (problem) ctx.addIssue({ code: 'custom', message: formatProblem(problem) });
      }),
  });
}

export const CreateSegmentInputSchema = segmentInputSchemaFor([]);
export type CreateSegmentInput = z.input<typeof CreateSegmentInputSchema>;

/** Editing a segment: name, description and expression under exactly the rules of creation. */
export const UpdateSegmentInputSchema = CreateSegmentInputSchema;
export type UpdateSegmentInput = CreateSegmentInput;
