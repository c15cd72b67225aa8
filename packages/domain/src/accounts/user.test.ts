import { describe, expect, it } from 'vitest';
import { UpdateUserInputSchema, userGreetingName } from './user';

describe('userGreetingName', () => {
  it('uses the display name when there is one', () => {
    expect(userGreetingName({ displayName: 'Ada', email: 'ada@studio.test' })).toBe('Ada');
  });
  it('uses the words of the email before the @ when the display name is null or blank, never the raw address', () => {
    expect(userGreetingName({ displayName: null, email: 'ada@studio.test' })).toBe('Ada');
    expect(userGreetingName({ displayName: '  ', email: 'ada@studio.test' })).toBe('Ada');
    expect(userGreetingName({ displayName: null, email: 'jane.doe+qa@studio.test' })).toBe('Jane Doe');
    expect(userGreetingName({ displayName: null, email: 'first_last-dev@studio.test' })).toBe('First Last Dev');
    expect(userGreetingName({ displayName: null, email: 'élodie@studio.test' })).toBe('Élodie');
    expect(userGreetingName({ displayName: null, email: 'qa.2024.team@studio.test' })).toBe('Qa Team');
  });
  it('gives no name for an address with no letters before the @', () => {
    expect(userGreetingName({ displayName: null, email: '12345@studio.test' })).toBeNull();
    expect(userGreetingName({ displayName: null, email: '+tag@studio.test' })).toBeNull();
  });
});

describe('UpdateUserInputSchema', () => {
  it('accepts a trimmed display name and an https image', () => {
    expect(UpdateUserInputSchema.parse({ name: '  Ada ', image: 'https://cdn.studio.test/ada.png' })).toEqual({
      name: 'Ada',
      image: 'https://cdn.studio.test/ada.png',
    });
    expect(UpdateUserInputSchema.parse({ image: null })).toEqual({ image: null });
  });
  it.each([
    ['a null name', { name: null }],
    ['an object name', { name: { first: 'Ada' } }],
    ['a 60 KB name', { name: 'x'.repeat(60_000) }],
    ['a zero-width name', { name: '\u200b\u200b' }],
    ['a javascript: image', { image: 'javascript:alert(1)' }],
    ['a data: image', { image: 'data:image/png;base64,AAAA' }],
    ['another field', { emailVerified: true }],
  ])('refuses %s', (_label, input) => {
    expect(UpdateUserInputSchema.safeParse(input).success).toBe(false);
  });
});
