import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from './logger';

describe('escapeControlCharacters', () => {
  it('writes line feeds, carriage returns, escapes and NUL as visible escapes', () => {
    expect(escapeControlCharacters('GET /a\n[2026] INFO forged\r\u001b[31m\u0000')).toBe(
      'GET /a\\x0a[2026] INFO forged\\x0d\\x1b[31m\\x00',
    );
  });
  it('leaves ordinary text, including non-Latin letters and emoji, as it is', () => {
    expect(escapeControlCharacters('Spiel über 🎁 日本')).toBe('Spiel über 🎁 日本');
  });
});
