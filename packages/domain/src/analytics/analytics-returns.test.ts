import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftDay } from './analytics-returns';

/** What shiftDay worked out from scratch before it kept days it met. */
const fromScratch = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('shiftDay', () => {
  it('crosses months, years and leap days', () => {
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2024-02-29', 1)).toBe('2024-03-01');
    expect(shiftDay('2025-01-01', -1)).toBe('2024-12-31');
    expect(shiftDay('2026-11-27', -29)).toBe('2026-10-29');
    expect(shiftDay('2026-11-27', 0)).toBe('2026-11-27');
  });

  it('answers as the date arithmetic does, asked again and again (property)', () => {
    const start = Date.UTC(2000, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -400, max: 400 }), (offset, days) => {
        const day = new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
        expect(shiftDay(day, days)).toBe(fromScratch(day, days));
        expect(shiftDay(day, days)).toBe(fromScratch(day, days));
      }),
      { numRuns: 3000 },
    );
  });

  it('throws on what is not a day, as before, and keeps nothing of it', () => {
    expect(() => shiftDay('not a day', 1)).toThrow(RangeError);
    expect(() => shiftDay('not a day', 1)).toThrow(RangeError);
  });
});
