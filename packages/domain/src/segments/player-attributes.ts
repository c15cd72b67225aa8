import { z } from 'zod';
import { PLAYER_FIELDS } from './segment';

/**
 * Custom player attributes a studio declares per game (decision 039): a name and a CEL type, so that segment
 * expressions over `player.<name>` are type-checked like the built-in fields. Games send them in a session's
 * `attributes`; a value of the wrong type is ignored for targeting and reported back, never an error.
 */
export const CUSTOM_ATTRIBUTE_TYPES = ['int', 'double', 'string', 'bool', 'list<string>'] as const;
export type CustomAttributeType = (typeof CUSTOM_ATTRIBUTE_TYPES)[number];

export const CUSTOM_ATTRIBUTES_MAX = 50;
export const CUSTOM_ATTRIBUTE_NAME_MAX_LENGTH = 64;
/** A CEL identifier, so that `player.<name>` parses. */
export const CUSTOM_ATTRIBUTE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** CEL's reserved words (cel-spec langdef.md, "Syntax"): refused as names, `player.in` does not even parse. */
export const CEL_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'false',
  'in',
  'null',
  'true',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

/**
 * Names every JavaScript object answers to (`constructor`, `toString`, `__proto__`…): the CEL library reads
 * `player.<name>` from a plain object, where these would be functions instead of a missing attribute.
 */
const OBJECT_PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The built-in fields the server keeps itself: a game cannot send them. */
export const SERVER_KEPT_PLAYER_FIELDS = ['daysSinceInstall', 'sessionCount'] as const;
export type ServerKeptPlayerFields = Record<(typeof SERVER_KEPT_PLAYER_FIELDS)[number], number>;

const BUILT_IN_NAMES = new Set<string>(PLAYER_FIELDS.map((field) => field.name));
const BUILT_IN_NAMES_LOWER = new Map<string, string>(
  PLAYER_FIELDS.map((field) => [field.name.toLowerCase(), field.name]),
);

export const CUSTOM_ATTRIBUTE_MESSAGES = {
  nameRequired: 'Give the attribute a name.',
  nameInvalid: `An attribute name starts with a letter or _ and has only letters, digits and _ (at most ${CUSTOM_ATTRIBUTE_NAME_MAX_LENGTH} characters).`,
  nameReserved: (name: string) => `${name} is a reserved word in CEL; choose another name.`,
  nameBuiltIn: (name: string, builtIn: string) =>
    `${name} is taken by the built-in field player.${builtIn}; choose another name.`,
  nameDuplicate: (name: string) => `${name} is declared twice (names are compared ignoring case).`,
  typeUnknown: `The type is one of ${CUSTOM_ATTRIBUTE_TYPES.join(', ')}.`,
  tooMany: `A game declares at most ${CUSTOM_ATTRIBUTES_MAX} custom attributes.`,
  /** Why a session attribute was ignored (reported back to the game, never an error). */
  ignoredUndeclared: 'not declared for this game',
  ignoredServerKept: 'kept by the server; a game cannot set it',
  ignoredWrongType: (expected: string, got: string) => `expected ${expected}, got ${got}`,
} as const;

/** Why a name cannot be a custom attribute, or null. Shared by the schema and the checker's defence. */
export function customAttributeNameProblem(name: string): string | null {
  if (!name) return CUSTOM_ATTRIBUTE_MESSAGES.nameRequired;
  if (!CUSTOM_ATTRIBUTE_NAME_PATTERN.test(name)) return CUSTOM_ATTRIBUTE_MESSAGES.nameInvalid;
  if (CEL_RESERVED_WORDS.has(name) || OBJECT_PROTOTYPE_NAMES.has(name))
    return CUSTOM_ATTRIBUTE_MESSAGES.nameReserved(name);
  const builtIn = BUILT_IN_NAMES_LOWER.get(name.toLowerCase());
  if (builtIn) return CUSTOM_ATTRIBUTE_MESSAGES.nameBuiltIn(name, builtIn);
  return null;
}

export const CustomAttributeSchema = z.object({
  name: z
    .string({ error: CUSTOM_ATTRIBUTE_MESSAGES.nameRequired })
    .trim()
    .superRefine((name, ctx) => {
      const problem = customAttributeNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  type: z.enum(CUSTOM_ATTRIBUTE_TYPES, { error: CUSTOM_ATTRIBUTE_MESSAGES.typeUnknown }),
});
export type CustomAttribute = z.infer<typeof CustomAttributeSchema>;

/** A game's declared list: valid names, unique ignoring case, at most CUSTOM_ATTRIBUTES_MAX. */
export const CustomAttributesSchema = z
  .array(CustomAttributeSchema)
  .max(CUSTOM_ATTRIBUTES_MAX, CUSTOM_ATTRIBUTE_MESSAGES.tooMany)
  .superRefine((attributes, ctx) => {
    const seen = new Set<string>();
    attributes.forEach((attribute, index) => {
      const key = attribute.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: CUSTOM_ATTRIBUTE_MESSAGES.nameDuplicate(attribute.name),
          path: [index, 'name'],
        });
      }
      seen.add(key);
    });
  });

/**
 * A player's attributes as CEL reads them: ints as bigint (the library's int), doubles as number, lists of
 * strings as arrays. Built-in and custom fields side by side, as `player.<name>`.
 */
export type PlayerAttributeValue = bigint | number | string | boolean | readonly string[];
export type PlayerAttributeValues = Record<string, PlayerAttributeValue>;

export type IgnoredAttribute = { name: string; reason: string };
export type SessionAttributes = {
  /** What segments read: the accepted built-in and custom attributes, plus the server-kept fields when given. */
  values: PlayerAttributeValues;
  /** The accepted attributes the game sent, as it sent them (JSON), for storing with the player. */
  accepted: Record<string, unknown>;
  /** What the game sent that segments will not see, and why. */
  ignored: IgnoredAttribute[];
};

/** How a JSON value's type reads in a message. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value))
    return value.every((entry) => typeof entry === 'string') ? 'a list' : 'a list of non-strings';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'a double';
    return Number.isSafeInteger(value) ? 'an int' : 'a whole number beyond ±2^53, which JSON cannot carry exactly';
  }
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value === 'boolean' ? 'bool' : typeof value}`;
}

/**
 * A JSON value as CEL reads a field of the given type, or undefined when it is not of that type. Ints must be
 * whole numbers JavaScript holds exactly (±2^53), doubles finite, lists made of strings only.
 */
export function toCelValue(type: CustomAttributeType, value: unknown): PlayerAttributeValue | undefined {
  switch (type) {
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : undefined;
    case 'double':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'bool':
      return typeof value === 'boolean' ? value : undefined;
    case 'list<string>':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
        ? (value as string[])
        : undefined;
  }
}

const BUILT_IN_TYPES = new Map<string, CustomAttributeType>(PLAYER_FIELDS.map((field) => [field.name, field.type]));
const SERVER_KEPT = new Set<string>(SERVER_KEPT_PLAYER_FIELDS);

/**
 * What a session's `attributes` give the segments: the built-in fields a game sends (level, country, platform,
 * totalSpend) and the game's declared custom attributes, each converted for CEL when it has the right type.
 * Anything else (an undeclared name, a wrong type, a field the server keeps) is ignored and reported, never
 * thrown. The server-kept fields (daysSinceInstall, sessionCount) come from the caller in `kept`.
 */
export function readSessionAttributes(
  sent: Record<string, unknown>,
  declared: readonly CustomAttribute[],
  kept?: ServerKeptPlayerFields,
): SessionAttributes {
  const types = new Map<string, CustomAttributeType>();
  for (const attribute of declared) {
    if (!BUILT_IN_NAMES.has(attribute.name) && !types.has(attribute.name)) types.set(attribute.name, attribute.type);
  }
  const values: PlayerAttributeValues = {};
  const accepted: Record<string, unknown> = {};
  const ignored: IgnoredAttribute[] = [];
  for (const name of Object.keys(sent)) {
    const value = sent[name];
    if (SERVER_KEPT.has(name)) {
      ignored.push({ name, reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredServerKept });
      continue;
    }
    const type = BUILT_IN_TYPES.get(name) ?? types.get(name);
    if (!type) {
      ignored.push({ name, reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredUndeclared });
      continue;
    }
    const converted = toCelValue(type, value);
    if (converted === undefined) {
      ignored.push({ name, reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredWrongType(type, describeValue(value)) });
      continue;
    }
    values[name] = converted;
    accepted[name] = value;
  }
  if (kept) {
    for (const name of SERVER_KEPT_PLAYER_FIELDS) {
      const converted = toCelValue('int', kept[name]);
      if (converted !== undefined) values[name] = converted;
    }
  }
  return { values, accepted, ignored };
}
