import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('DATABASE_POOL_MAX', () => {
  it('sizes the PostgreSQL pool: 10 unless set, at least 3 (one connection listens), whole numbers only', () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '3' }).databasePoolMax).toBe(3);
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    for (const value of ['2', '0', '-1', '2.5', 'ten', '1001']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATABASE_POOL_MAX: '2' })).toThrow(/DATABASE_POOL_MAX/);
  });
});
