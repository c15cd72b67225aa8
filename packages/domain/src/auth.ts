// Written in zod's small build (zod/mini): these are all the sign-in pages validate, and their first visit loads
// no other zod. The package's main entry wraps the same fields in classic zod objects for the server.
import * as z from 'zod/mini';
import { AUTH_MESSAGES } from './messages';

// What the sign-in pages need besides the schemas, so they import this entry alone (`@liveops/domain/auth`).
export { AUTH_MESSAGES, VERIFY_MESSAGES } from './messages';
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

export const SignUpInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, AUTH_MESSAGES.passwordRequired),
      z.minLength(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort),
      z.maxLength(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
    ),
});
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

/** Better Auth's change-password, with the sign-up rules for the new password. */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: SignInInputSchema.shape.password,
  newPassword: SignUpInputSchema.shape.password,
  revokeOtherSessions: z.optional(z.boolean()),
});
