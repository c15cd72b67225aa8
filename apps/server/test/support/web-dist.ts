import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A stand-in for apps/web/dist, made before the file's tests and removed after them: each of `files` (a path inside
 * it, its folders made) with its content. Read `dir` inside tests.
 */
export function useWebDistStandIn(files: Record<string, string | Uint8Array>): { readonly dir: string } {
  const standIn = { dir: '' };
  beforeAll(async () => {
    standIn.dir = await mkdtemp(path.join(tmpdir(), 'liveops-web-dist-'));
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(standIn.dir, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  });
  afterAll(async () => {
    await rm(standIn.dir, { recursive: true, force: true });
  });
  return standIn;
}
