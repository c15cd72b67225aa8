// Written in zod's small build (zod/mini): these are all the sign-in pages validate, and their first visit loads
// no other zod. The package's main entry wraps the same fields in classic zod objects for the server.
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, RESET_MESSAGES } from './messages';

// What the sign-in pages need besides the schemas, so they import this entry alone (`@liveops/domain/auth`).
export { ACCOUNT_MESSAGES, AUTH_MESSAGES, RESET_MESSAGES, VERIFY_MESSAGES } from './messages';
export { authErrorMessage, googleErrorMessage, mentionsVerification, verifyErrorMessage } from './auth-errors';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Largest JSON body any /api route accepts; auth bodies are a few hundred bytes. */
export const API_BODY_MAX_BYTES = 64 * 1024;

export const EmailSchema = z.pipe(
  z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, AUTH_MESSAGES.emailRequired),
      z.maxLength(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailTooLong),
    ),
  z.email({ error: AUTH_MESSAGES.emailInvalid }),
);

/** Sign-in only checks presence: an old account's password is whatever it is. */
export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, AUTH_MESSAGES.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
    ),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

/** A password a person chooses (sign-up, reset, change): the length rules. */
export const NewPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .check(
    z.minLength(1, AUTH_MESSAGES.passwordRequired),
    z.minLength(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort),
    z.maxLength(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  );

/** The rule beside the lengths: a new password is never the account's own email address (in any case). */
export function passwordIsEmail(password: string, email: string): boolean {
  const typed = password.trim().toLowerCase();
  return typed.length > 0 && typed === email.trim().toLowerCase();
}

/** Sign-up's cross-field check, shared with the classic schema of the package's main entry. */
export const passwordNotEmailCheck = z.refine<{ email: string; password: string }>(
  (input) => !passwordIsEmail(input.password, input.email),
  {
    error: AUTH_MESSAGES.passwordIsEmail,
    path: ['password'],
  },
);

export const SignUpInputSchema = z
  .object({ email: EmailSchema, password: NewPasswordSchema })
  .check(passwordNotEmailCheck);
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

export const ResendVerificationInputSchema = z.object({ email: EmailSchema });

/** A verification token from the emailed link, redeemed by /verified (a signed JWT: a few hundred characters). */
export const VERIFICATION_TOKEN_MAX_LENGTH = 4096;
export const RedeemVerificationInputSchema = z.strictObject({
  token: z.string().check(z.maxLength(VERIFICATION_TOKEN_MAX_LENGTH)),
});

/**
 * What redeeming a link answers: the outcome is the resource, so a refused link is a 200 with its reason (a
 * page that shows the outcome logs no failed request in the console).
 */
export type VerificationOutcome = { verified: true } | { verified: false; code: string; message: string };

/** Change-password's cross-field check, shared with the classic schema of the package's main entry. */
export const newPasswordDiffersCheck = z.refine<{ currentPassword: string; newPassword: string }>(
  (input) => input.newPassword !== input.currentPassword,
  { error: ACCOUNT_MESSAGES.newPasswordSameAsCurrent, path: ['newPassword'] },
);

/** Better Auth's change-password, with the sign-up rules for the new password (the server adds the email rule). */
export const ChangePasswordInputSchema = z
  .strictObject({
    currentPassword: SignInInputSchema.shape.password,
    newPassword: NewPasswordSchema,
    revokeOtherSessions: z.optional(z.boolean()),
  })
  .check(newPasswordDiffersCheck);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

const confirmationMatches = z.refine<{ newPassword: string; confirmPassword: string }>(
  (input) => input.newPassword === input.confirmPassword,
  { error: AUTH_MESSAGES.passwordsDiffer, path: ['confirmPassword'] },
);
const newPasswordNotEmail = (email: string) =>
  z.refine<{ newPassword: string }>((input) => !passwordIsEmail(input.newPassword, email), {
    error: AUTH_MESSAGES.passwordIsEmail,
    path: ['newPassword'],
  });

/** The reset page's form for the account `email`: the sign-up rules, not the email, typed twice alike. */
export function newPasswordFormSchema(email: string) {
  return z
    .object({ newPassword: NewPasswordSchema, confirmPassword: z.string() })
    .check(newPasswordNotEmail(email), confirmationMatches);
}
export type NewPasswordForm = z.infer<ReturnType<typeof newPasswordFormSchema>>;

/** The account page's change-password form: the current password, and a new one as the reset page asks. */
export function changePasswordFormSchema(email: string) {
  return z
    .object({
      currentPassword: SignInInputSchema.shape.password,
      newPassword: NewPasswordSchema,
      confirmPassword: z.string(),
      revokeOtherSessions: z.boolean(),
    })
    .check(newPasswordDiffersCheck, newPasswordNotEmail(email), confirmationMatches);
}
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;

/** How long an emailed password reset link works (Better Auth's resetPasswordTokenExpiresIn). */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** Better Auth's reset tokens are 24 letters and digits; anything much longer is not one. */
export const RESET_TOKEN_MAX_LENGTH = 256;

export const RequestPasswordResetInputSchema = z.object({ email: EmailSchema });
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetInputSchema>;

const ResetTokenSchema = z
  .string({ error: RESET_MESSAGES.linkInvalid })
  .check(z.minLength(1, RESET_MESSAGES.linkInvalid), z.maxLength(RESET_TOKEN_MAX_LENGTH, RESET_MESSAGES.linkInvalid));

/** What the reset page asks before it shows the form: is this emailed link still good, and for which address. */
export const ResetLinkStatusInputSchema = z.strictObject({ token: ResetTokenSchema });
export type ResetLinkStatus =
  { valid: true; email: string } | { valid: false; code: 'RESET_LINK_INVALID' | 'RESET_LINK_EXPIRED'; message: string };

/** Better Auth's reset-password: the token from the link and the new password (the server adds the email rule). */
export const ResetPasswordInputSchema = z.strictObject({ token: ResetTokenSchema, newPassword: NewPasswordSchema });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/**
 * What GET /api/session tells the sign-in pages about this server before anyone signs in (decision 030):
 * whether Google sign-in is set up, and whether emails are sent (SMTP_URL) or printed to the server's log.
 */
export type SignInServer = { googleSignIn: boolean; emailDelivery: 'smtp' | 'log' };

/**
 * The SignInServer of a /api/session answer. An answer without one (an older server) claims nothing: the Google
 * button stays, and the card says an email was sent.
 */
export function readSignInServer(body: unknown): SignInServer {
  const server = typeof body === 'object' && body !== null ? (body as { server?: unknown }).server : undefined;
  const fields = typeof server === 'object' && server !== null ? (server as Record<string, unknown>) : {};
  return {
    googleSignIn: fields.googleSignIn !== false,
    emailDelivery: fields.emailDelivery === 'log' ? 'log' : 'smtp',
  };
}
