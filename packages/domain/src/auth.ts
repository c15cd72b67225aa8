import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Largest JSON body any /api route accepts; auth bodies are a few hundred bytes. */
export const API_BODY_MAX_BYTES = 64 * 1024;

export const EmailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** Sign-in only checks presence: an old account's password is whatever it is. */
export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const SignUpInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

export const ResendVerificationInputSchema = z.object({ email: EmailSchema });

/** Better Auth's change-password, with the sign-up rules for the new password. */
export const ChangePasswordInputSchema = z
  .object({
    currentPassword: SignInInputSchema.shape.password,
    newPassword: SignUpInputSchema.shape.password,
    revokeOtherSessions: z.boolean().optional(),
  })
  .strict();
