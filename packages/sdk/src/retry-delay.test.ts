import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay, retryPolicy } from './retry-delay.js';

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('doubles the backoff with each try, jittered between half and all of it, up to maxDelayMs', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 500, maxDelayMs: 3000 };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, undefined, () => 0))).toEqual([
      250, 500, 1000, 1500, 1500,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, undefined, () => 0.999999))).toEqual([
      499, 999, 1999, 2999, 2999,
    ]);
  });

  it('waits at least what the server asked, plus up to one base delay of jitter', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 500 };
    expect(retryDelay(3, policy, 2000, () => 0)).toBe(2000);
    expect(retryDelay(3, policy, 2000, () => 0.5)).toBe(2250);
  });
});

describe('retryPolicy', () => {
  it('fills in the defaults, turns retries off with false, and refuses nonsense', () => {
    expect(retryPolicy(undefined)).toEqual(DEFAULT_RETRY);
    expect(retryPolicy({ maxAttempts: 6 })).toEqual({ ...DEFAULT_RETRY, maxAttempts: 6 });
    expect(retryPolicy(false).maxAttempts).toBe(1);
    expect(() => retryPolicy({ maxAttempts: 1.5 })).toThrow(/maxAttempts/);
    expect(() => retryPolicy({ baseDelayMs: -1 })).toThrow(/baseDelayMs/);
    expect(() => retryPolicy({ maxDelayMs: Number.NaN })).toThrow(/maxDelayMs/);
  });
});
