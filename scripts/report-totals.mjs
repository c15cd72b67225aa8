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
  // A suite that failed to load counts its file as a failure even when no test inside it ran.
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`  ${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (!files.length) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
