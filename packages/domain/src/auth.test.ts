import { describe, expect, it } from 'vitest';
import { SignInInputSchema, SignUpInputSchema } from './auth';
import { AUTH_MESSAGES } from './messages';

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('SignUpInputSchema', () => {
  it('accepts an email and a long enough password, trimming the email', () => {
    const parsed = SignUpInputSchema.parse({ email: '  dev@studio.test ', password: 'correct horse' });
    expect(parsed.email).toBe('dev@studio.test');
  });
  it('requires both fields', () => {
    expect(firstIssue(SignUpInputSchema.safeParse({ email: '', password: 'abcdefgh' }))).toBe(
      AUTH_MESSAGES.emailRequired,
    );
    expect(firstIssue(SignUpInputSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      AUTH_MESSAGES.passwordRequired,
    );
    expect(firstIssue(SignUpInputSchema.safeParse({}))).toBe(AUTH_MESSAGES.emailRequired);
  });
  it('refuses a malformed email, a short password and 10 KB inputs', () => {
    expect(firstIssue(SignUpInputSchema.safeParse({ email: 'not-an-email', password: 'abcdefgh' }))).toBe(
      AUTH_MESSAGES.emailInvalid,
    );
    expect(firstIssue(SignUpInputSchema.safeParse({ email: 'a@b.co', password: 'short' }))).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    const huge = 'x'.repeat(10_240);
    expect(firstIssue(SignUpInputSchema.safeParse({ email: `${huge}@b.co`, password: 'abcdefgh' }))).toBe(
      AUTH_MESSAGES.emailTooLong,
    );
    expect(firstIssue(SignUpInputSchema.safeParse({ email: 'a@b.co', password: huge }))).toBe(
      AUTH_MESSAGES.passwordTooLong,
    );
  });
  it('refuses values of the wrong type', () => {
    expect(SignUpInputSchema.safeParse({ email: 42, password: ['x'] }).success).toBe(false);
  });
});

describe('SignInInputSchema', () => {
  it('does not apply the sign-up length rule to a password', () => {
    expect(SignInInputSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});
