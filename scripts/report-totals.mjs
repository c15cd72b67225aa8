#!/usr/bin/env node
// Prints one line totalled over every Vitest JSON report in a folder: "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'reports';
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
}
if (!files.length) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
