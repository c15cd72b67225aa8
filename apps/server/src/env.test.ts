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

  it('reads the per-address and raw-event budgets (decision 057), with defaults and clear errors', () => {
    const limits = loadConfig({}).runtimeLimits;
    expect(limits.perAddress).toEqual({ max: 6000, windowMs: 60_000 });
    expect(limits.sessionsPerAddress).toEqual({ max: 300, windowMs: 60_000 });
    expect(limits.playerEvents.perMinute).toEqual({ max: 600, windowMs: 60_000 });
    expect(limits.playerEvents.perDay).toEqual({ max: 20_000, windowMs: 86_400_000 });
    const set = loadConfig({
      RUNTIME_ADDRESS_RATE_LIMIT: '50',
      RUNTIME_ADDRESS_SESSION_LIMIT: '7',
      RUNTIME_PLAYER_EVENTS_PER_MINUTE: '200',
      RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE: '1000000',
      RUNTIME_PLAYER_EVENTS_PER_DAY: '900',
      RUNTIME_PLAYER_EVENT_BYTES_PER_DAY: '2000000',
    }).runtimeLimits;
    expect(set.perAddress.max).toBe(50);
    expect(set.sessionsPerAddress.max).toBe(7);
    expect(set.playerEvents).toMatchObject({
      perMinute: { max: 200 },
      bytesPerMinute: { max: 1_000_000 },
      perDay: { max: 900 },
      bytesPerDay: { max: 2_000_000 },
    });
    for (const name of ['RUNTIME_ADDRESS_RATE_LIMIT', 'RUNTIME_ADDRESS_SESSION_LIMIT']) {
      for (const value of ['0', '-1', '1.5', 'many']) {
        expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(name));
      }
    }
    // A minute's budget below one full batch would refuse a full batch for ever.
    expect(() => loadConfig({ RUNTIME_PLAYER_EVENTS_PER_MINUTE: '99' })).toThrow(/one full batch/);
    expect(() => loadConfig({ RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE: '1000' })).toThrow(/one full batch/);
    expect(() => loadConfig({ RUNTIME_PLAYER_EVENTS_PER_DAY: '599' })).toThrow(
      /RUNTIME_PLAYER_EVENTS_PER_DAY: must be at least RUNTIME_PLAYER_EVENTS_PER_MINUTE/,
    );
    expect(() => loadConfig({ RUNTIME_PLAYER_EVENT_BYTES_PER_DAY: '1000' })).toThrow(
      /RUNTIME_PLAYER_EVENT_BYTES_PER_DAY: must be at least RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE/,
    );
  });
});
