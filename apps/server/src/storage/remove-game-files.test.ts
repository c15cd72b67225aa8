import { describe, expect, it } from 'vitest';
import type { Logger } from '../logging/logger';
import { removeGameFiles } from './remove-game-files';
import type { Storage, StoredEntry } from './storage';

/** An in-memory store whose deletions fail as the test says. */
function memoryStorage(keys: string[], failDelete: (key: string, attempt: number) => boolean) {
  const objects = new Set(keys);
  const attempts = new Map<string, number>();
  const storage: Pick<Storage, 'list' | 'delete'> = {
    delete: (key) => {
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (failDelete(key, attempt)) return Promise.reject(new Error(`cannot delete ${key}`));
      objects.delete(key);
      return Promise.resolve();
    },
    async *list(prefix): AsyncIterable<StoredEntry> {
      for (const key of [...objects].sort()) if (key.startsWith(prefix)) yield { key, size: 1, lastModified: 0 };
    },
  };
  return { storage, objects };
}

function capturingLogger() {
  const lines: { level: string; text: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, text: args.map(String).join(' ') });
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    always: at('always'),
  };
  return { logger, lines };
}

const FILES = [
  'assets/g1/coin-a.png',
  'assets/g1/gem-b.png',
  'packs/g1/daily_rewards/d1/config.json',
  'assets/g2/other-owner.png',
  'packs/g2/daily_rewards/d2/config.json',
  'assets/g10/not-g1.png',
];

describe('removeGameFiles', () => {
  it("removes a game's asset bytes and published packs, and nothing under another game's prefix", async () => {
    const { storage, objects } = memoryStorage(FILES, () => false);
    const { logger, lines } = capturingLogger();
    const result = await removeGameFiles(['g1'], { storage, logger, reason: 'test' });
    expect(result).toEqual({ removed: 3, failed: [] });
    expect([...objects].sort()).toEqual([
      'assets/g10/not-g1.png',
      'assets/g2/other-owner.png',
      'packs/g2/daily_rewards/d2/config.json',
    ]);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('tries a failing object again after a pause, going on with the others meanwhile', async () => {
    const { storage, objects } = memoryStorage(FILES, (key, attempt) => key === 'assets/g1/coin-a.png' && attempt < 3);
    const { logger, lines } = capturingLogger();
    const result = await removeGameFiles(['g1'], { storage, logger, reason: 'test', firstRetryMs: 1 });
    expect(result).toEqual({ removed: 3, failed: [] });
    expect([...objects].some((key) => key.startsWith('assets/g1/'))).toBe(false);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('reports what still fails after every attempt as an error naming the prefix, and never rejects', async () => {
    const { storage, objects } = memoryStorage(FILES, (key) => key.startsWith('packs/g1/'));
    const { logger, lines } = capturingLogger();
    const result = await removeGameFiles(['g1', 'g2'], {
      storage,
      logger,
      reason: 'account a1 deleted',
      firstRetryMs: 1,
    });
    expect(result).toEqual({ removed: 4, failed: ['packs/g1/'] });
    expect(objects.has('packs/g1/daily_rewards/d1/config.json')).toBe(true);
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.text).toContain(
      'account a1 deleted: could not remove the stored files under packs/g1/ (3 attempts)',
    );
  });
});
