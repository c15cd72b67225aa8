import { describe, expect, it } from 'vitest';
import { conformanceCases, type Outcome, runCase } from './cel-conformance.test-support';
import { checkCelExpression } from './cel-check';
import { createSegmentEnvironment } from './segment-expression';

/*
 * google/cel-spec's conformance data (cel-spec v0.25.1, from @bufbuild/cel-spec 0.6.1) through exactly what a
 * segment runs: the segments' environment and limits, checkCelExpression (the check every segment passes before
 * it is saved), then the checked program. Every case must pass or be refused by the check: a case that is
 * accepted and then answers differently from the spec is a segment that could answer wrong (decision 037).
 *
 * Skipped, and only these: cases that need a protobuf message or enum variable, a custom function or a
 * container (a protobuf package to resolve names in). A segment has one variable, `player`, a map of typed
 * fields, no custom functions and no package, so it cannot write them. Everything else runs, extensions
 * included: whatever the check accepts, a segment can use.
 */

type Tally = { passed: number; refused: number; failed: number; skipped: number };

const results = conformanceCases().map((entry) => ({
  ...entry,
  outcome: runCase(entry.test, createSegmentEnvironment, checkCelExpression),
}));

function tally(outcomes: Outcome[]): Tally {
  const counts: Tally = { passed: 0, refused: 0, failed: 0, skipped: 0 };
  for (const outcome of outcomes) counts[outcome.kind] += 1;
  return counts;
}

function byFile(): Record<string, Tally> {
  const files: Record<string, Outcome[]> = {};
  for (const { file, outcome } of results) (files[file] ??= []).push(outcome);
  return Object.fromEntries(Object.entries(files).map(([file, outcomes]) => [file, tally(outcomes)]));
}

describe('CEL conformance of segments', () => {
  it('never answers differently from the spec: every case passes or is refused when checked', () => {
    const wrong = results
      .filter(({ outcome }) => outcome.kind === 'failed')
      .map(
        ({ file, section, name, test, outcome }) =>
          `${file}/${section}/${name}: ${test.expr} → ${JSON.stringify(outcome)}`,
      );
    expect(wrong).toEqual([]);
  });

  it('skips only what a segment cannot write', () => {
    const reasons = new Set(results.flatMap(({ outcome }) => (outcome.kind === 'skipped' ? [outcome.reason] : [])));
    expect([...reasons].sort()).toEqual([
      'binds a protobuf message or enum; segments only have player',
      'declares a custom function; segments have none',
      'declares a protobuf message variable; segments only have player',
      'resolves names in a protobuf package (container); segments have none',
    ]);
  });

  it('keeps the figures of decision 037, section by section', () => {
    // A change that moves cases between passed and refused must say so in decision 037.
    expect(tally(results.map(({ outcome }) => outcome))).toEqual({
      passed: 671,
      refused: 1066,
      failed: 0,
      skipped: 607,
    });
    expect(byFile()).toMatchObject({
      basic: { passed: 30, refused: 13 },
      comparisons: { passed: 179, refused: 183 },
      conversions: { passed: 70, refused: 39 },
      fields: { passed: 11, refused: 49 },
      fp_math: { passed: 29, refused: 1 },
      integer_math: { passed: 41, refused: 23 },
      lists: { passed: 31, refused: 8 },
      logic: { passed: 21, refused: 9 },
      macros: { passed: 37, refused: 7 },
      parse: { passed: 106, refused: 93 },
      string: { passed: 36, refused: 15 },
      string_ext: { passed: 61, refused: 148 },
    });
  });

  it('answers the cases the issue named as the spec does, or refuses them with a reason', () => {
    const outcome = (path: string) =>
      results.find(({ file, section, name }) => `${file}/${section}/${name}` === path)?.outcome;
    expect(outcome('lists/in/uint_in_ints')).toEqual({
      kind: 'refused',
      message: 'Unsigned integers (1u, uint()) are not available in segments; use int.',
    });
    expect(outcome('macros/all/list_empty')).toEqual({ kind: 'passed' });
    expect(outcome('comparisons/lt_literal/not_lt_dyn_int_big_lossy_double')).toEqual({ kind: 'passed' });
    expect(outcome('integer_math/int64_math/int64_min_negate')).toEqual({ kind: 'passed' });
    expect(outcome('conversions/int/double_int_max_range')).toEqual({ kind: 'passed' });
  });
});
