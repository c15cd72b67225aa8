#!/usr/bin/env node
// Fails on a reference a reader cannot follow from the repository: a section of the product spec ("§" and a number)
// or an issue of the tracker ("issue" and a number) in the source of apps/, packages/, e2e/, bench/ and scripts/.
// Neither the spec nor the tracker is in the repository, so comments and test names cite the decision record that
// settled the question instead (docs/decisions/README.md, "Citing the spec and the issues").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'reports', 'screenshots']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css)$/;
const REFERENCES = [/§ ?\d/, /\bissue \d+/i];

/** @param {string} folder @returns {string[]} */
function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const where = path.join(folder, entry.name);
    if (entry.isDirectory())
      return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(where);
    return entry.isFile() && SOURCE.test(entry.name) ? [where] : [];
  });
}

const found = [];
for (const file of ROOTS.flatMap(sourceFiles)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (REFERENCES.some((reference) => reference.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
}

if (found.length) {
  console.error(found.join('\n'));
  console.error(
    `\n${found.length} reference(s) to a spec section or an issue, which cannot be followed from the repository.\n` +
      'Cite the decision record that settled it ("decision 034"), or drop the reference where the sentence stands on\n' +
      'its own: see docs/decisions/README.md, "Citing the spec and the issues".',
  );
  process.exit(1);
}
