import { z } from 'zod';

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
