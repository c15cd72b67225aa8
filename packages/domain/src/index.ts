import { z } from 'zod';
import * as auth from './auth';

export * from './messages';
export * from './text';
export * from './format-number';
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
export * from './user';
export * from './account';
export * from './api-error';
export * from './auth-errors';
export * from './game';
export * from './live-events';
export * from './asset';
export * from './segment';
export * from './player-attributes';
export * from './custom-attribute-declarations';
export * from './inventory';
export * from './layout';
export * from './layout-schema';
export * from './component-defaults';
export * from './daily-reward';
export * from './daily-reward-targeting';
export * from './daily-reward-claim';
export * from './default-layout';
export * from './popup-size';
export * from './normalise-layout';
export * from './day-state';
export * from './daily-streak';
export * from './time-zone';
export * from './emulator';
export * from './embed';
export * from './presets';
export * from './editor-fields';
export * from './music';

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
export * from './ui-editor-messages';
export * from './release';
export * from './publish-check';
export * from './runtime-api';
export * from './popup-session';
export * from './test-player';
export * from './tester-clock';
export * from './player-support';
export * from './experiment-assignment';
export * from './experiment';
export * from './significance';
export * from './experiment-comparison';
export * from './claim-rate';
export * from './analytics-rollup';
export * from './analytics-returns';
export * from './analytics-query';
