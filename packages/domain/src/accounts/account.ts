import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth';

/** What the account settings page shows beside the user record: how the account signs in, and where. */
export const AccountSchema = z.object({
  /** A password account (email and password, or a Google account that has set one through a reset link). */
  hasPassword: z.boolean(),
  hasGoogle: z.boolean(),
  /** Sessions of this account other than the caller's own. */
  otherSessions: z.number().int().min(0),
});
export type Account = z.infer<typeof AccountSchema>;

/**
 * Deleting the account: a password account sends its password; an account without one types its email address
 * as the confirmation. Either field is checked on the server against the account, never trusted from the form.
 */
export const DeleteAccountInputSchema = z.strictObject({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirmation: z
    .string()
    .max(EMAIL_MAX_LENGTH * 2)
    .optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** Whether the typed confirmation names the account: its email address, ignoring case and surrounding spaces. */
export function confirmsDeletion(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
