import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { can, PERMISSION_LABELS, PERMISSIONS } from './permissions';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STUDIO_ROLES } from './studio-role';

const DOC_PATH = path.resolve(import.meta.dirname, '../../../../docs/teams.md');
const doc = readFileSync(DOC_PATH, 'utf8');

/** The cells of each line of the first markdown table after the heading, trimmed, without the separator line. */
function tableAfter(heading: string): string[][] {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/teams.md has no "## ${heading}" section`).toBeGreaterThan(-1);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines
    .slice(first, end)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

describe('docs/teams.md', () => {
  it('shows the role matrix the code enforces, cell by cell', () => {
    const [header, ...rows] = tableAfter('What each role can do');
    expect(header).toEqual(['Permission', ...STUDIO_ROLES.map((role) => ROLE_LABELS[role])]);
    const expected = PERMISSIONS.map((permission) => [
      `${PERMISSION_LABELS[permission]} (\`${permission}\`)`,
      ...STUDIO_ROLES.map((role) => (can(role, permission) ? '✓' : '—')),
    ]);
    expect(rows, 'docs/teams.md’s table differs from ROLE_PERMISSIONS: update the page').toEqual(expected);
  });

  it('describes each role as the Team page does', () => {
    for (const role of STUDIO_ROLES) {
      expect(doc).toContain(`- **${ROLE_LABELS[role]}** (\`${role}\`): ${ROLE_DESCRIPTIONS[role]}\n`);
    }
  });
});
