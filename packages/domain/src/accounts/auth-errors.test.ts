import { describe, expect, it } from 'vitest';
import { authErrorMessage, googleErrorMessage, mentionsVerification, verifyErrorMessage } from './auth-errors';
import { AUTH_MESSAGES, VERIFY_MESSAGES } from './messages';

describe('authErrorMessage', () => {
  it('shows the spec text for an unverified email', () => {
    expect(authErrorMessage({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toBe(
      'Your email is not verified. Please check your inbox.',
    );
  });
  it("shows the service's message for an unknown code", () => {
    expect(authErrorMessage({ code: 'SOMETHING', message: 'Service says no' })).toBe('Service says no');
  });
  it('falls back to "Authentication failed" when there is no message', () => {
    expect(authErrorMessage({})).toBe('Authentication failed');
    expect(authErrorMessage(null)).toBe('Authentication failed');
    expect(authErrorMessage({ message: '   ' })).toBe('Authentication failed');
  });
  it("passes a wrong password's service message through", () => {
    expect(authErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toBe(
      'Invalid email or password',
    );
  });
});

describe('mentionsVerification', () => {
  it('is true for the unverified-email texts', () => {
    expect(mentionsVerification(AUTH_MESSAGES.emailNotVerified)).toBe(true);
    expect(mentionsVerification(AUTH_MESSAGES.googleEmailNotVerified)).toBe(true);
  });
  it('is false for other failures and for nothing', () => {
    expect(mentionsVerification('Invalid email or password')).toBe(false);
    expect(mentionsVerification(null)).toBe(false);
  });
});

describe('googleErrorMessage', () => {
  it('asks an unverified Google user to verify', () => {
    expect(googleErrorMessage('email_not_verified')).toBe('Please verify your email before continuing.');
  });
  it('falls back to "Google login failed"', () => {
    expect(googleErrorMessage('access_denied')).toBe('Google login failed');
    expect(googleErrorMessage('access_denied', 'User cancelled')).toBe('User cancelled');
  });
});

describe('verifyErrorMessage', () => {
  it('names a used, an expired and a forged link apart', () => {
    expect(verifyErrorMessage('VERIFICATION_LINK_USED')).toBe(VERIFY_MESSAGES.linkUsed);
    expect(verifyErrorMessage('TOKEN_EXPIRED')).toBe(VERIFY_MESSAGES.linkExpired);
    expect(verifyErrorMessage('INVALID_TOKEN')).toBe(VERIFY_MESSAGES.linkInvalid);
  });
  it('falls back to the spec text when the state cannot be reloaded', () => {
    expect(verifyErrorMessage(undefined)).toBe('Failed to reload user state. Please try logging in again.');
  });
});
