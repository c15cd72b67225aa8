import { AUTH_MESSAGES, VERIFY_MESSAGES } from './messages';

/**
 * Turns an auth service error into the text the login card shows. The spec shows "the service's error
 * message", falling back to "Authentication failed"; an unverified email gets the spec's own words.
 */
export function authErrorMessage(
  error: { code?: string | undefined; message?: string | undefined } | null | undefined,
): string {
  switch (error?.code) {
    case 'EMAIL_NOT_VERIFIED':
      return AUTH_MESSAGES.emailNotVerified;
    default:
      return error?.message?.trim() ? error.message : AUTH_MESSAGES.authFailed;
  }
}

/** The Resend Verification Email button shows whenever the message mentions verification. */
export function mentionsVerification(message: string | null | undefined): boolean {
  return !!message && /verif/i.test(message);
}

/** Google sign-in comes back to /login with ?error=<code>; this is what the card shows for it. */
export function googleErrorMessage(code: string, description?: string | null): string {
  if (code === 'email_not_verified') return AUTH_MESSAGES.googleEmailNotVerified;
  if (code === 'google_not_configured') return AUTH_MESSAGES.googleNotConfigured;
  return description?.trim() ? description : AUTH_MESSAGES.googleFailed;
}

/** What /verified shows when the verification service refuses a token. */
export function verifyErrorMessage(code: string | undefined): string {
  switch (code) {
    case 'TOKEN_EXPIRED':
      return VERIFY_MESSAGES.linkExpired;
    case 'VERIFICATION_LINK_USED':
      return VERIFY_MESSAGES.linkUsed;
    case 'INVALID_TOKEN':
    case 'USER_NOT_FOUND':
      return VERIFY_MESSAGES.linkInvalid;
    default:
      return VERIFY_MESSAGES.reloadFailed;
  }
}
