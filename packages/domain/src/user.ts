import { z } from 'zod';
import { hasBidiControl, hasVisibleCharacter, TEXT_MESSAGES } from './text';

/** The §3 User record as the API returns it. */
export const UserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  photoURL: z.string().nullable(),
  lastLogin: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** What the welcome line calls the user: the display name, else the email. */
export function userGreetingName(user: Pick<User, 'displayName' | 'email'>): string {
  const name = user.displayName?.trim();
  return name ? name : user.email;
}

export const DISPLAY_NAME_MAX_LENGTH = 100;
export const PROFILE_IMAGE_URL_MAX_LENGTH = 2048;

export const USER_MESSAGES = {
  displayNameRequired: 'Display name must show at least one character.',
  displayNameTooLong: `Keep the display name under ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  imageInvalid: 'The profile image must be an http(s) address.',
} as const;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** What a developer may change about themselves through Better Auth's update-user; nothing else passes. */
export const UpdateUserInputSchema = z
  .object({
    name: z
      .string({ error: USER_MESSAGES.displayNameRequired })
      .trim()
      .max(DISPLAY_NAME_MAX_LENGTH, USER_MESSAGES.displayNameTooLong)
      .refine(hasVisibleCharacter, USER_MESSAGES.displayNameRequired)
      .refine((text) => !hasBidiControl(text), TEXT_MESSAGES.bidiControls)
      .optional(),
    image: z
      .string({ error: USER_MESSAGES.imageInvalid })
      .trim()
      .max(PROFILE_IMAGE_URL_MAX_LENGTH, USER_MESSAGES.imageInvalid)
      .refine(isHttpUrl, USER_MESSAGES.imageInvalid)
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;
