import { describe, expect, it } from 'vitest';
import { formatValue } from './format-value';

describe('formatValue', () => {
  it('shows a whole value in dollars without ".00"', () => {
    expect(formatValue(5)).toBe('$5');
    expect(formatValue(1_250)).toBe('$1,250');
  });

  it('shows cents when there are any, always two places', () => {
    expect(formatValue(4.99)).toBe('$4.99');
    expect(formatValue(12.5)).toBe('$12.50');
    expect(formatValue(0.01)).toBe('$0.01');
  });
});
