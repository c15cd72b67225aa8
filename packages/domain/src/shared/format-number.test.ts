import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number';

describe('formatNumber', () => {
  it('writes what toLocaleString("en-US") writes, for any number', () => {
    const numbers = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      // Few decimals, where halves sit: 1.0005, 2.4995, 0.0005.
      fc
        .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
        .map(([units, places]) => units / 10 ** places),
    );
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
      }),
      { numRuns: 20_000 },
    );
  });

  it('groups thousands, keeps up to three decimals rounding halves away from zero, and signs negative zero', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [1000, '1,000'],
      [1234567.891, '1,234,567.891'],
      [1.0005, '1.001'],
      [999.9995, '1,000'],
      [-2.5, '-2.5'],
      [-0, '-0'],
      [-0.0001, '-0'],
      [5e-7, '0'],
      [1e20, '100,000,000,000,000,000,000'],
      [Infinity, '∞'],
    ];
    for (const [value, text] of cases) expect(formatNumber(value), String(value)).toBe(text);
  });
});
