import { describe, expect, it } from 'vitest';
import { lintProbe } from './support/lint-probe';

/** A module importing two areas, the app, and two pieces of infrastructure (which is allowed everywhere). */
const IMPORTS = [
  "import type { Auth } from '../accounts/auth';",
  "import { gameOfStablePrefix } from '../releases/recover';",
  "import type { App } from '../app';",
  "import type { Db } from '../db/database';",
  "import type { Logger } from '../logging/logger';",
  'export type Used = [Auth, typeof gameOfStablePrefix, App, Db, Logger];',
].join('\n');

async function refusedLines(filePath: string, text = IMPORTS) {
  const messages = await lintProbe(text, filePath);
  return messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.line);
}

describe('shared infrastructure never imports a product area', () => {
  it('fails lint on an import of an area or the app from any infrastructure folder', async () => {
    for (const folder of ['db', 'storage', 'http', 'live', 'logging', 'email', 'cache']) {
      expect(await refusedLines(`apps/server/src/${folder}/probe.ts`)).toEqual([1, 2, 3]);
    }
  });

  it('fails lint on an import of an area from env.ts', async () => {
    const text = "import type { RuntimeLimits } from './runtime/rate-limits';\nexport type Used = RuntimeLimits;";
    expect(await refusedLines('apps/server/src/env.ts', text)).toEqual([1]);
  });

  it('lets an area import other areas and the infrastructure', async () => {
    expect(await refusedLines('apps/server/src/games/probe.ts')).toEqual([]);
  });
});
