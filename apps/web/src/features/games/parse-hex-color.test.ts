import { describe, expect, it } from 'vitest';
import { parseHexColor } from './parse-hex-color';

describe('parseHexColor', () => {
  it('reads a pasted brand colour with or without its #, in any case, as #RRGGBB', () => {
    expect(parseHexColor('#1a2b3c')).toBe('#1A2B3C');
    expect(parseHexColor(' 1A2B3C ')).toBe('#1A2B3C');
    expect(parseHexColor('#abc')).toBe('#AABBCC');
  });

  it('refuses what is not a hex colour', () => {
    for (const text of ['', '#', '#12345', '#1234567', 'red', 'rgb(1, 2, 3)', '#GGGGGG', '##123456']) {
      expect(parseHexColor(text)).toBeNull();
    }
  });
});
