import { describe, expect, it } from 'vitest';
import { userGreetingName } from './user';

describe('userGreetingName', () => {
  it('uses the display name when there is one', () => {
    expect(userGreetingName({ displayName: 'Ada', email: 'ada@studio.test' })).toBe('Ada');
  });
  it('uses the email when the display name is null or blank', () => {
    expect(userGreetingName({ displayName: null, email: 'ada@studio.test' })).toBe('ada@studio.test');
    expect(userGreetingName({ displayName: '  ', email: 'ada@studio.test' })).toBe('ada@studio.test');
  });
});
