import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key.js';
import { UUID_V4 } from './test/expectations.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newIdempotencyKey', () => {
  it('makes a random version 4 UUID on this platform', () => {
    const keys = [newIdempotencyKey(), newIdempotencyKey()];
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('uses crypto.randomUUID when the platform has it', () => {
    vi.stubGlobal('crypto', { randomUUID: () => '11111111-2222-4333-8444-555555555555' });
    expect(newIdempotencyKey()).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('makes a version 4 UUID from getRandomValues where randomUUID is missing (a page on plain http)', () => {
    const getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    };
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('still makes distinct keys, within the length the server takes, with no crypto at all', () => {
    vi.stubGlobal('crypto', undefined);
    const keys = Array.from({ length: 1000 }, () => newIdempotencyKey());
    expect(new Set(keys).size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-z-]{1,128}$/);
  });
});
