import { z } from 'zod';
import * as auth from './auth';

export {
  API_BODY_MAX_BYTES,
  type ChangePasswordInput,
  EMAIL_MAX_LENGTH,
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TTL_SECONDS,
  passwordIsEmail,
  type RequestPasswordResetInput,
  RESET_TOKEN_MAX_LENGTH,
  type ResetLinkStatus,
  type ResetPasswordInput,
  readSignInServer,
  type SignInInput,
  type SignInServer,
  type SignUpInput,
  VERIFICATION_TOKEN_MAX_LENGTH,
  type VerificationOutcome,
} from './auth';

// The auth schemas' rules live once, in ./auth (zod/mini, for the sign-in pages). Here the same fields sit in
// classic zod objects, the kind every other schema of this entry is and the server's readJson takes.
export const SignInInputSchema = z.object(auth.SignInInputSchema.shape);
export const SignUpInputSchema = z.object(auth.SignUpInputSchema.shape).check(auth.passwordNotEmailCheck);
export const ResendVerificationInputSchema = z.object(auth.ResendVerificationInputSchema.shape);
export const ChangePasswordInputSchema = z
  .strictObject(auth.ChangePasswordInputSchema.shape)
  .check(auth.newPasswordDiffersCheck);
export const RedeemVerificationInputSchema = z.strictObject(auth.RedeemVerificationInputSchema.shape);
export const RequestPasswordResetInputSchema = z.object(auth.RequestPasswordResetInputSchema.shape);
export const ResetLinkStatusInputSchema = z.strictObject(auth.ResetLinkStatusInputSchema.shape);
export const ResetPasswordInputSchema = z.strictObject(auth.ResetPasswordInputSchema.shape);
