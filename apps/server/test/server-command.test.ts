import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ARGS, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../scripts/server-command.mjs';

/** The run command, the benches and the browser tests start the server one way (decision 050). */
describe('the server’s start command', () => {
  it('is the run command’s: package.json "serve" runs node with the shared flags and entry', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.serve).toBe(['node', ...SERVER_ARGS].join(' '));
    expect(SERVER_ARGS).toEqual([...SERVER_NODE_FLAGS, SERVER_ENTRY]);
  });

  it('has flags this Node accepts, and they enlarge the young generation', () => {
    const heapLimit = (flags: readonly string[]) => {
      const probe = spawnSync(
        process.execPath,
        [...flags, '-p', "require('node:v8').getHeapStatistics().heap_size_limit"],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(probe.status, probe.stderr).toBe(0);
      return Number(probe.stdout.trim());
    };
    // The heap's limit counts the young generation: two semi-spaces of 32 MB instead of 16 add at least 32 MB.
    expect(heapLimit(SERVER_NODE_FLAGS) - heapLimit([])).toBeGreaterThanOrEqual(32 * 1024 * 1024);
  });
});
