import { describe, expect, it } from 'vitest';
import { emailOfVerificationToken } from './verification-link';

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = (payload: unknown) => `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;

describe('verification links', () => {
  it('reads the address a token is for, and nothing from what is not a token with one', () => {
    expect(emailOfVerificationToken(token({ email: 'ada@studio.test', exp: 1 }))).toBe('ada@studio.test');
    expect(emailOfVerificationToken(token({ email: 'ü@exämple.test' }))).toBe('ü@exämple.test');
    for (const bad of ['', 'garbage', 'a.b', 'a.b.c', token({ sub: 'x' }), token({ email: 5 }), token('text')]) {
      expect(emailOfVerificationToken(bad), bad).toBeNull();
    }
  });
});
