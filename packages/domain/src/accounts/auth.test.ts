import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  changePasswordFormSchema,
  newPasswordFormSchema,
  passwordIsEmail,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
} from './auth';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, RESET_MESSAGES } from './messages';

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

describe('new password rules', () => {
  it('refuses a sign-up password that is the email address, in any case or with spaces around it', () => {
    expect(firstIssue(SignUpInputSchema.safeParse({ email: 'Ada@Studio.test', password: ' ada@studio.TEST ' }))).toBe(
      AUTH_MESSAGES.passwordIsEmail,
    );
    expect(passwordIsEmail('ada@studio.test.', 'ada@studio.test')).toBe(false);
    expect(passwordIsEmail('', '')).toBe(false);
  });

  it('applies the sign-up lengths to a reset, and refuses a missing, empty or 10 KB token as an invalid link', () => {
    const huge = 'x'.repeat(10_240);
    expect(firstIssue(ResetPasswordInputSchema.safeParse({ token: 'abc', newPassword: 'short' }))).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(firstIssue(ResetPasswordInputSchema.safeParse({ token: 'abc', newPassword: huge }))).toBe(
      AUTH_MESSAGES.passwordTooLong,
    );
    for (const token of [undefined, '', huge]) {
      expect(firstIssue(ResetPasswordInputSchema.safeParse({ token, newPassword: 'long enough' }))).toBe(
        RESET_MESSAGES.linkInvalid,
      );
    }
    expect(
      ResetPasswordInputSchema.safeParse({ token: 'abc', newPassword: 'long enough', email: 'x@y.co' }).success,
    ).toBe(false);
  });

  it('refuses a changed password that is the current one', () => {
    const same = ChangePasswordInputSchema.safeParse({ currentPassword: 'long enough', newPassword: 'long enough' });
    expect(firstIssue(same)).toBe(ACCOUNT_MESSAGES.newPasswordSameAsCurrent);
    expect(ChangePasswordInputSchema.safeParse({ currentPassword: 'x', newPassword: 'long enough' }).success).toBe(
      true,
    );
  });
});

describe('the new password forms', () => {
  it('asks for the new password twice alike, and not the account email', () => {
    const form = newPasswordFormSchema('ada@studio.test');
    expect(form.safeParse({ newPassword: 'long enough', confirmPassword: 'long enough' }).success).toBe(true);
    const differ = form.safeParse({ newPassword: 'long enough', confirmPassword: 'long enougH' });
    expect(differ.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDiffer }),
    ]);
    const email = form.safeParse({ newPassword: 'ADA@studio.test', confirmPassword: 'ADA@studio.test' });
    expect(firstIssue(email)).toBe(AUTH_MESSAGES.passwordIsEmail);
  });

  it('asks the change-password form for the current password and a different new one', () => {
    const form = changePasswordFormSchema('ada@studio.test');
    const base = { currentPassword: 'old password', revokeOtherSessions: true };
    expect(form.safeParse({ ...base, newPassword: 'new password', confirmPassword: 'new password' }).success).toBe(
      true,
    );
    expect(firstIssue(form.safeParse({ ...base, newPassword: 'old password', confirmPassword: 'old password' }))).toBe(
      ACCOUNT_MESSAGES.newPasswordSameAsCurrent,
    );
    expect(
      firstIssue(
        form.safeParse({ ...base, currentPassword: '', newPassword: 'new password', confirmPassword: 'new password' }),
      ),
    ).toBe(AUTH_MESSAGES.passwordRequired);
  });
});
