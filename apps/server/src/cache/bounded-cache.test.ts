import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

const filled = (capacity: number, keys: number[], options: { onEvict?: (key: number) => void } = {}) => {
  const cache = new BoundedCache<number, string>({ capacity, ...options });
  for (const key of keys) cache.set(key, `v${key}`);
  return cache;
};

describe('BoundedCache', () => {
  it('answers what was set, and undefined for a key never set or deleted', () => {
    const cache = filled(10, [1, 2]);
    expect(cache.get(1)).toBe('v1');
    expect(cache.get(3)).toBeUndefined();
    expect(cache.delete(1)).toBe(true);
    expect(cache.delete(1)).toBe(false);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.has(2)).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('replaces a value set again without counting the key twice', () => {
    const cache = filled(4, [1, 1, 1]);
    cache.set(1, 'new');
    expect(cache.get(1)).toBe('new');
    expect(cache.size).toBe(1);
  });

  it('never holds more than its capacity, and keeps at least half of it', () => {
    const cache = filled(10, []);
    for (let key = 0; key < 1000; key++) {
      cache.set(key, `v${key}`);
      expect(cache.size).toBeLessThanOrEqual(10);
      if (key >= 10) expect(cache.size).toBeGreaterThanOrEqual(5);
    }
  });

  it('drops the least recently used entries first: a key read since is kept', () => {
    const cache = filled(4, [1, 2, 3, 4]);
    expect(cache.get(1)).toBe('v1');
    cache.set(5, 'v5');
    expect([1, 2, 3, 4, 5].filter((key) => cache.has(key))).toEqual([1, 3, 4, 5]);
  });

  it('drops the oldest entries when the newest fill the young half', () => {
    const cache = filled(4, [1, 2, 3, 4, 5, 6]);
    expect([1, 2, 3, 4, 5, 6].filter((key) => cache.has(key))).toEqual([3, 4, 5, 6]);
    cache.set(7, 'v7');
    expect([1, 2, 3, 4, 5, 6, 7].filter((key) => cache.has(key))).toEqual([5, 6, 7]);
  });

  it('tells of each entry dropped to make room, not of those deleted or cleared', () => {
    const evicted: number[] = [];
    const cache = filled(4, [1, 2, 3, 4], { onEvict: (key) => evicted.push(key) });
    cache.delete(3);
    cache.set(5, 'v5');
    cache.set(6, 'v6');
    expect(evicted).toEqual([1, 2]);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(evicted).toEqual([1, 2]);
  });

  it('deletes every entry a predicate picks, in both generations', () => {
    const cache = filled(6, [1, 2, 3, 4, 5]);
    cache.deleteWhere((value, key) => key % 2 === 1 && value.startsWith('v'));
    expect([1, 2, 3, 4, 5].filter((key) => cache.has(key))).toEqual([2, 4]);
  });

  it('bounds the total weight when entries are weighed', () => {
    const cache = new BoundedCache<string, Uint8Array>({ capacity: 100, weigh: (bytes) => bytes.length });
    for (let i = 0; i < 50; i++) {
      cache.set(`k${i}`, new Uint8Array(30));
      let weight = 0;
      for (let k = 0; k <= i; k++) weight += cache.get(`k${k}`)?.length ?? 0;
      expect(weight).toBeLessThanOrEqual(100);
    }
    expect(cache.get('k49')?.length).toBe(30);
  });

  it('keeps a null value apart from a miss', () => {
    const cache = new BoundedCache<string, string | null>({ capacity: 4 });
    cache.set('page', null);
    expect(cache.get('page')).toBeNull();
    expect(cache.get('other')).toBeUndefined();
  });
});
