import { describe, expect, it } from 'vitest';
import { DailyRewardNameSchema } from '../daily-rewards/daily-reward';
import { CreateGameInputSchema } from '../games/game';
import { CreateSegmentInputSchema } from '../segments/segment-expression';
import {
  findTextProblem,
  hasBidiControl,
  hasForbiddenCharacters,
  hasVisibleCharacter,
  JSON_MAX_DEPTH,
  TEXT_MESSAGES,
} from './text';
import { UpdateUserInputSchema } from '../accounts/user';

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
    expect(findTextProblem({ a: ['ok', { b: 'x\u0000' }] })).toEqual({ kind: 'forbidden', path: 'a.1.b' });
    expect(findTextProblem({ 'k\u0000': 1 })).toEqual({ kind: 'forbidden', path: '(key)' });
    expect(findTextProblem('\u0000')).toEqual({ kind: 'forbidden', path: '(body)' });
    expect(findTextProblem({ a: [1, true, null, 'fine'] })).toBeNull();
  });

  it('refuses nesting deeper than the limit without exhausting the stack, even 20,000 deep', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) as unknown;
    expect(findTextProblem(deep)).toEqual({ kind: 'too-deep' });
    const atLimit = JSON.parse(`${'['.repeat(JSON_MAX_DEPTH)}"ok"${']'.repeat(JSON_MAX_DEPTH)}`) as unknown;
    expect(findTextProblem(atLimit)).toBeNull();
  });

  it('refuses bidirectional overrides, embeddings and isolates, in strings and keys, but not the marks (decision 032)', () => {
    for (const char of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(hasBidiControl(`Evil${char}gpj.exe`), char.codePointAt(0)!.toString(16)).toBe(true);
    }
    expect(hasBidiControl('\u200Fשלום\u200E abc \u061C')).toBe(false);
    expect(findTextProblem({ game: { name: 'Evil\u202Egpj.exe' } })).toEqual({ kind: 'bidi', path: 'game.name' });
    expect(findTextProblem({ 'k\u2066': 1 })).toEqual({ kind: 'bidi', path: '(key)' });
  });

  it('gives every name field the bidi message', () => {
    const name = 'Evil\u202Egpj.exe';
    const game = CreateGameInputSchema.safeParse({ name, description: 'd', platforms: ['iOS'] });
    const segment = CreateSegmentInputSchema.safeParse({ name, expression: 'player.level > 1' });
    for (const result of [
      game,
      segment,
      UpdateUserInputSchema.safeParse({ name }),
      DailyRewardNameSchema.safeParse(name),
    ]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(TEXT_MESSAGES.bidiControls);
    }
  });
});
