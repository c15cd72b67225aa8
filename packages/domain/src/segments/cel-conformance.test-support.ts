import type { SerializedIncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js';
import { tests as conformanceSuite } from '@bufbuild/cel-spec/testdata/conformance.js';
import type { Environment } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import type { CelCheck } from './cel-check';

/*
 * Runs google/cel-spec's conformance data (simple tests, as @bufbuild/cel-spec ships them in JSON) through a
 * check function and our CEL library, and says of each case whether it passed, was refused by the check, failed
 * (a wrong value, an error where a value was due, a value where an error was due) or cannot concern a segment.
 */

/** The protobuf JSON forms the data uses (cel.expr.Value, cel.expr.Type, cel.expr.conformance.test.SimpleTest). */
type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
type JsonObject = { [key: string]: JsonValue };

type SimpleTest = {
  name?: string;
  expr: string;
  container?: string;
  disableCheck?: boolean;
  checkOnly?: boolean;
  typeEnv?: { name: string; ident?: { type: JsonObject }; function?: JsonObject }[];
  bindings?: Record<string, { value?: JsonObject }>;
  value?: JsonObject;
  evalError?: JsonObject;
  typedResult?: { result?: JsonObject; deducedType?: JsonObject };
};

export type ConformanceCase = { file: string; section: string; name: string; test: SimpleTest };

export function conformanceCases(): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  const walk = (suite: SerializedIncrementalTestSuite, path: string[]) => {
    for (const test of suite.tests ?? []) {
      const original = test.original as unknown as SimpleTest;
      cases.push({ file: path[0] ?? '', section: path[1] ?? '', name: original.name ?? original.expr, test: original });
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.name]);
  };
  walk(conformanceSuite, []);
  return cases;
}

/**
 * Why a case cannot concern a segment, or null. A segment has one variable, `player`, a map of typed fields,
 * and no protobuf package: a case that needs a message-typed variable, a custom function or a container to
 * resolve names cannot be written as a segment. Everything else runs, extensions included: what our checker
 * accepts, a segment can use.
 */
export function skipReason(test: SimpleTest): string | null {
  if (test.container) return 'resolves names in a protobuf package (container); segments have none';
  for (const declaration of test.typeEnv ?? []) {
    if (declaration.function) return 'declares a custom function; segments have none';
    if (declaration.ident && typeName(declaration.ident.type) === null) {
      return 'declares a protobuf message variable; segments only have player';
    }
  }
  for (const binding of Object.values(test.bindings ?? {})) {
    if (binding.value && (binding.value.objectValue !== undefined || binding.value.enumValue !== undefined)) {
      return 'binds a protobuf message or enum; segments only have player';
    }
  }
  return null;
}

const PRIMITIVES: Record<string, string> = {
  BOOL: 'bool',
  INT64: 'int',
  UINT64: 'uint',
  DOUBLE: 'double',
  STRING: 'string',
  BYTES: 'bytes',
};

/** A cel.expr.Type as the library spells it, or null for what it has no name for (messages, wrappers…). */
function typeName(type: JsonValue | undefined): string | null {
  if (!type || typeof type !== 'object' || Array.isArray(type)) return null;
  if (typeof type.primitive === 'string') return PRIMITIVES[type.primitive] ?? null;
  if ('dyn' in type) return 'dyn';
  if ('null' in type) return 'null';
  if (type.listType && typeof type.listType === 'object' && !Array.isArray(type.listType)) {
    const element = typeName(type.listType.elemType);
    return element && `list<${element}>`;
  }
  if (type.mapType && typeof type.mapType === 'object' && !Array.isArray(type.mapType)) {
    const key = typeName(type.mapType.keyType);
    const value = typeName(type.mapType.valueType);
    return key && value && `map<${key}, ${value}>`;
  }
  if (type.wellKnown === 'DURATION') return 'google.protobuf.Duration';
  if (type.wellKnown === 'TIMESTAMP') return 'google.protobuf.Timestamp';
  return null;
}

function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(Buffer.from(base64, 'base64'));
}

function doubleOf(value: JsonValue): number {
  return typeof value === 'number' ? value : Number(value);
}

function entriesOf(value: JsonValue | undefined, key: 'values' | 'entries'): JsonValue[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const list = value[key];
  return Array.isArray(list) ? list : [];
}

/** A binding's cel.expr.Value as the library takes it. */
function toLibraryValue(value: JsonObject): unknown {
  if ('nullValue' in value) return null;
  if ('boolValue' in value) return value.boolValue;
  if ('int64Value' in value) return BigInt(String(value.int64Value));
  if ('uint64Value' in value) return new UnsignedInt(BigInt(String(value.uint64Value)));
  if ('doubleValue' in value) return doubleOf(value.doubleValue ?? 0);
  if ('stringValue' in value) return value.stringValue;
  if ('bytesValue' in value) return bytesOf(String(value.bytesValue));
  if ('listValue' in value)
    return entriesOf(value.listValue, 'values').map((entry) => toLibraryValue(entry as JsonObject));
  if ('mapValue' in value) {
    const entries = entriesOf(value.mapValue, 'entries').map((entry) => {
      const { key, value: item } = entry as { key: JsonObject; value: JsonObject };
      return [toLibraryValue(key), toLibraryValue(item)] as const;
    });
    return entries.every(([key]) => typeof key === 'string') ? Object.fromEntries(entries) : new Map(entries);
  }
  throw new Error(`Cannot bind ${JSON.stringify(value)}`);
}

/** Whether the library's answer is the expected cel.expr.Value: same CEL type, same value. */
export function sameValue(expected: JsonObject, actual: unknown): boolean {
  if ('nullValue' in expected) return actual === null;
  if ('boolValue' in expected) return actual === expected.boolValue;
  if ('int64Value' in expected) return typeof actual === 'bigint' && actual === BigInt(String(expected.int64Value));
  if ('uint64Value' in expected) {
    return actual instanceof UnsignedInt && actual.value === BigInt(String(expected.uint64Value));
  }
  if ('doubleValue' in expected) {
    const want = doubleOf(expected.doubleValue ?? 0);
    return typeof actual === 'number' && (Number.isNaN(want) ? Number.isNaN(actual) : actual === want);
  }
  if ('stringValue' in expected) return actual === expected.stringValue;
  if ('bytesValue' in expected) {
    const want = bytesOf(String(expected.bytesValue));
    return actual instanceof Uint8Array && actual.length === want.length && actual.every((byte, i) => byte === want[i]);
  }
  if ('typeValue' in expected) {
    if (typeof actual !== 'object' || actual === null) return false;
    const name = (actual as { name?: unknown }).name;
    // The library names null's type "null"; CEL cannot print a type, and type(null) == null_type holds.
    return name === expected.typeValue || (expected.typeValue === 'null_type' && name === 'null');
  }
  if ('listValue' in expected) {
    const want = entriesOf(expected.listValue, 'values');
    return (
      Array.isArray(actual) &&
      actual.length === want.length &&
      want.every((entry, i) => sameValue(entry as JsonObject, actual[i]))
    );
  }
  if ('mapValue' in expected) {
    const want = entriesOf(expected.mapValue, 'entries') as { key: JsonObject; value: JsonObject }[];
    const got: [unknown, unknown][] =
      actual instanceof Map
        ? [...(actual as Map<unknown, unknown>)]
        : typeof actual === 'object' && actual !== null && !Array.isArray(actual)
          ? Object.entries(actual)
          : [];
    if (got.length !== want.length) return false;
    return want.every(({ key, value }) =>
      got.some(([gotKey, gotValue]) => sameValue(key, gotKey) && sameValue(value, gotValue)),
    );
  }
  // Messages and enums: a segment cannot make one, so no answer of ours can be one.
  return false;
}

export type Outcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'refused'; message: string }
  | { kind: 'passed' }
  | { kind: 'failed'; detail: string };

function show(value: unknown): string {
  try {
    return JSON.stringify(value, (_, v: unknown) =>
      typeof v === 'bigint' ? `${v}n` : v instanceof UnsignedInt ? `${v.value}u` : v,
    );
  } catch {
    return String(value);
  }
}

/**
 * Runs one case: declares its variables in a fresh environment, checks the expression with `check` (a refusal
 * is an outcome, not a failure), evaluates the checked program and compares.
 */
export function runCase(
  test: SimpleTest,
  createEnvironment: () => Environment,
  check: (environment: Environment, expression: string) => CelCheck,
): Outcome {
  const skip = skipReason(test);
  if (skip) return { kind: 'skipped', reason: skip };
  const environment = createEnvironment();
  const declared = new Set<string>();
  for (const declaration of test.typeEnv ?? []) {
    const type = typeName(declaration.ident?.type);
    if (type) {
      environment.registerVariable(declaration.name, type);
      declared.add(declaration.name);
    }
  }
  const context: Record<string, unknown> = {};
  for (const [name, binding] of Object.entries(test.bindings ?? {})) {
    if (!binding.value) continue;
    context[name] = toLibraryValue(binding.value);
    if (!declared.has(name)) environment.registerVariable(name, 'dyn');
  }
  const checked = check(environment, test.expr);
  if (!checked.program) return { kind: 'refused', message: checked.problem.message };
  const deduced = typeName(test.typedResult?.deducedType);
  if (deduced && checked.type !== deduced && !(deduced === 'null' && checked.type === 'null_type')) {
    return { kind: 'failed', detail: `type ${checked.type}, expected ${deduced}` };
  }
  if (test.checkOnly) return { kind: 'passed' };
  let result: unknown;
  try {
    result = checked.program(context);
  } catch (error) {
    if (test.evalError) return { kind: 'passed' };
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { kind: 'failed', detail: `error "${message}", expected ${show(test.value ?? test.typedResult?.result)}` };
  }
  if (test.evalError) return { kind: 'failed', detail: `gave ${show(result)}, expected an error` };
  const expected = test.value ?? test.typedResult?.result;
  if (!expected) return { kind: 'passed' };
  return sameValue(expected, result)
    ? { kind: 'passed' }
    : { kind: 'failed', detail: `gave ${show(result)}, expected ${show(expected)}` };
}
