import { describe, expect, it } from 'vitest';
import { findForbiddenText, hasForbiddenCharacters, hasVisibleCharacter } from './text';

describe('text rules', () => {
  it('refuses NUL, other C0 and C1 controls and DEL, but not tab, line feed or carriage return', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', '\u0085', '\u009f']) {
      expect(hasForbiddenCharacters(bad)).toBe(true);
    }
    for (const good of ['plain', 'two\nlines', 'tab\there', 'crlf\r\n', 'émoji 🎁', '日本語']) {
      expect(hasForbiddenCharacters(good)).toBe(false);
    }
  });

  it('refuses lone surrogates and accepts paired ones', () => {
    expect(hasForbiddenCharacters('\uD83C')).toBe(true);
    expect(hasForbiddenCharacters('a\uDF81b')).toBe(true);
    expect(hasForbiddenCharacters('\uD83C\uDF81')).toBe(false);
  });

  it('finds a name made only of zero-width, format or space characters invisible', () => {
    expect(hasVisibleCharacter('\u200B\u200C\u200D\uFEFF')).toBe(false);
    expect(hasVisibleCharacter(' \u2060\u00AD\u3164 ')).toBe(false);
    expect(hasVisibleCharacter('\u200BA')).toBe(true);
    expect(hasVisibleCharacter('🎁')).toBe(true);
  });

  it('names the first bad string or key in nested JSON', () => {
    expect(findForbiddenText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findForbiddenText({ 'k\u0000': 1 })).toBe('(key)');
    expect(findForbiddenText('\u0000')).toBe('(body)');
    expect(findForbiddenText({ a: [1, true, null, 'fine'] })).toBeNull();
  });
});
