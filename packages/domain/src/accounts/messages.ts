/**
 * The accounts' user-facing texts: sign-in, reset links, account settings, verification, quotas. Texts quoted by
 * the spec are kept to the letter.
 */

export const AUTH_MESSAGES = {
  authFailed: 'Authentication failed',
  googleFailed: 'Google login failed',
  noUser: 'No user found',
  emailNotVerified: 'Your email is not verified. Please check your inbox.',
  googleEmailNotVerified: 'Please verify your email before continuing.',
  verificationResent: 'Verification email resent. Please check your inbox.',
  verificationSent: 'Verification email sent! Please verify and log in again.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  /** Sign-up and resend on a server without SMTP_URL: where the link went instead. */
  verificationLinkInLog:
    'This server has no email set up: the verification link was printed to the server’s log. Open it, then log in.',
  verificationLinkInLogAgain:
    'This server has no email set up: a new verification link was printed to the server’s log.',
  checkingAuth: 'Checking authentication...',
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  emailTooLong: 'Email must be at most 254 characters.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  passwordIsEmail: 'Choose a password that is not your email address.',
  passwordsDiffer: 'The two passwords do not match.',
} as const;

/** Forgot password: the request page and the page the emailed link opens. */
export const RESET_MESSAGES = {
  requestIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  requestSent:
    'If an account exists for that address, a link to reset its password is on its way. The link works once and expires in 1 hour.',
  checking: 'Checking your reset link...',
  linkInvalid: 'This password reset link is not valid or has already been used.',
  linkExpired: 'This password reset link has expired.',
  newLinkHint: 'Request a new link and use the latest email.',
  passwordChanged: 'Your password has been changed and every device signed in to your account has been signed out.',
} as const;

/** The account settings page. */
export const ACCOUNT_MESSAGES = {
  loadFailed: 'Could not load your account settings.',
  displayNameSaved: 'Display name saved.',
  displayNameSaveDirty: 'Save name',
  displayNameSaveFailed: 'Could not save the display name. Please try again.',
  saveButtonClean: 'Saved',
  passwordSaveButton: 'Change password',
  passwordSaveFailed: 'Could not change the password. Please try again.',
  passwordChanged: 'Password changed.',
  currentPasswordWrong: 'The current password is not correct. Your password was not changed.',
  newPasswordSameAsCurrent: 'Choose a new password that differs from the current one.',
  noPassword: 'You sign in with Google: this account has no password to change.',
  otherSessionsSignedOut: 'Every other device has been signed out.',
  deletePasswordRequired: 'Enter your password to delete your account.',
  deletePasswordWrong: 'That password is not correct. Nothing was deleted.',
  /** Password checks behind a session (delete account, change password) over their budget: decision 032. */
  passwordTooManyAttempts: 'Too many password attempts. Please wait a minute and try again.',
  deleteConfirmationWrong: 'Type your email address exactly as shown to confirm. Nothing was deleted.',
  /** Decision 064: a studio with other members keeps an owner; one the account alone is in goes with it. */
  deleteLastOwner: (studios: string[]) =>
    `You are the only owner of ${studios.map((s) => `"${s}"`).join(', ')}, which others belong to. Make one of them an owner first. Nothing was deleted.`,
  deleted: 'Your account and all of its data have been deleted.',
} as const;

export const VERIFY_MESSAGES = {
  checking: 'Checking verification status...',
  success: 'Your email has been verified. Redirecting...',
  notYetVerified: 'Your email is not yet verified. Please check your inbox.',
  reloadFailed: 'Failed to reload user state. Please try logging in again.',
  mustBeLoggedIn: 'You must be logged in to verify your account.',
  linkUsed: 'This verification link has already been used.',
  linkExpired: 'This verification link has expired. Request a new one from the login page.',
  linkInvalid: 'This verification link is not valid.',
  loginHint: 'Please log in again from the login page.',
  /**
   * The link page asks before it signs anyone in (decision 032: someone else's link signed you in as them), naming the
   * whole address: the owner must recognise it, and a masked one could match an attacker's (decision 056).
   */
  confirmQuestion: (email: string) => `Verify and sign in as ${email}?`,
  confirmHint: 'Continue only if you signed up with this address: someone else’s link signs you in to their account.',
  confirmButton: 'Verify and sign in',
} as const;

/** Per-account limits (decision 032): MAX_GAMES_PER_ACCOUNT and MAX_STORAGE_BYTES_PER_ACCOUNT. */
export const QUOTA_MESSAGES = {
  games: (max: number) =>
    `This account has reached its limit of ${max} games. Delete a game you no longer need to create another.`,
  storage: (maxBytes: number) =>
    `This account has reached its storage limit of ${formatMegabytes(maxBytes)} of images. Delete images you no longer need, or upload smaller ones.`,
  release: (bytes: number, maxBytes: number) =>
    `This publish would write about ${formatMegabytes(bytes)}, over the limit of ${formatMegabytes(maxBytes)} for one release. Use fewer or smaller images in these daily rewards.`,
} as const;

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
