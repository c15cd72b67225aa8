import { z } from 'zod';
import { hasBidiControl, hasVisibleCharacter, TEXT_MESSAGES } from '../shared/text';

/** The spec's User record as the API returns it. */
export const UserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  photoURL: z.string().nullable(),
  lastLogin: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * What the welcome line calls the user: the display name; for a user with none, the words of the email's local
 * part ("jane.doe+qa@studio.test" → "Jane Doe"), never the raw address as if it were a name (decision 056). An
 * address whose local part has no letters gives null: the line then greets without a name.
 */
export function userGreetingName(user: Pick<User, 'displayName' | 'email'>): string | null {
  const name = user.displayName?.trim();
  if (name) return name;
  const local = user.email.slice(0, Math.max(0, user.email.lastIndexOf('@'))).split('+')[0] ?? '';
  const words = local
    .split(/[._\-\s]+/u)
    .filter((word) => /\p{L}/u.test(word))
    .map((word) => {
      const [first = '', ...rest] = [...word];
      return first.toLocaleUpperCase() + rest.join('');
    });
  return words.length > 0 ? words.join(' ') : null;
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
