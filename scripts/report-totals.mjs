#!/usr/bin/env node
// Prints one line totalled over every Vitest JSON report in a folder: "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'reports';
const firstLine = (/** @type {unknown} */ text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
let passed = 0;
let failed = 0;
let skipped = 0;
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A file that failed outside its tests (a failing beforeAll, a load error) counts as a failure even when no
  // test inside it ran: Vitest reports those tests as skipped.
  const fileFailures = (report.testResults ?? []).filter(
    (result) => result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed += (report.numFailedTests ?? 0) + fileFailures;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`  ${file}: ${report.numPassedTests} passed, ${(report.numFailedTests ?? 0) + fileFailures} failed`);
  // Named here, at the end of the log, where a reader of a long CI run looks first: each failure, and each test
  // that passed only on its retry (the e2e project retries once in CI; such a test keeps its first failure).
  for (const result of report.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name ?? '');
    if (result.status === 'failed' && !(result.assertionResults ?? []).length)
      console.log(`    failed: ${where}: ${firstLine(result.message)}`);
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'failed')
        console.log(`    failed: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      else if (test.status === 'passed' && test.failureMessages?.length)
        console.log(`    passed on retry: ${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
  }
}
if (!files.length) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
