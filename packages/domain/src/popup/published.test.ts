import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as published from './published';

const here = import.meta.dirname;

/** The modules a statement imports or re-exports at run time: `import type` and `export type` are erased. */
function runtimeImports(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?'([^']+)';/gms);
  return [...statements].filter((match) => !match[1]).map((match) => match[2]!);
}

/** Every module the entry reaches at run time, by file, with the packages each imports. */
function reach(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const imports = runtimeImports(readFileSync(file, 'utf8'));
    seen.set(
      file,
      imports.filter((specifier) => !specifier.startsWith('.')),
    );
    for (const specifier of imports.filter((s) => s.startsWith('.'))) {
      queue.push(path.resolve(path.dirname(file), `${specifier}.ts`));
    }
  }
  return seen;
}

describe('@liveops/domain/published', () => {
  it('reaches no package at run time, zod least of all: the published page ships without it', () => {
    const modules = reach(path.join(here, 'published.ts'));
    expect(modules.size).toBeGreaterThan(10);
    const packages = [...modules].flatMap(([file, specifiers]) =>
      specifiers.map((specifier) => `${path.basename(file)} → ${specifier}`),
    );
    expect(packages).toEqual([]);
  });

  it('sees through the statements it must: a value import is followed, a type import is not', () => {
    expect(
      runtimeImports(
        "import { z } from 'zod';\nimport type { A } from './a';\nexport * from './b';\nexport type { C } from './c';\nimport {\n  d,\n  type E,\n} from './d';\nimport './e';",
      ),
    ).toEqual(['zod', './b', './d', './e']);
  });

  it('holds what the popup renderer takes from the domain', () => {
    for (const name of [
      'normaliseDailyRewardsLayout',
      'storedDailyRewardsLayout',
      'propOrDefault',
      'COMPONENT_DEFINITIONS',
      'TEXT_SIZES',
      'SAFE_STYLE_PROPERTIES',
      'ITEM_ICONS',
      'ACCENT_COLOR',
      'SCREEN_BACKGROUND_COLOR',
      'DAILY_REWARD_CYCLE_DAYS',
      'dayState',
      'packFigure',
      'assetReferenceId',
      'isSafeImageSource',
      'checkEmbedConfig',
      'checkEmbedInitMessage',
      'decodeEmbedConfigJson',
    ]) {
      expect(published, name).toHaveProperty(name);
    }
  });
});
