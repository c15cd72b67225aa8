import { z } from 'zod';
import { requiredTextSchema } from '../shared/required-text-schema';
import { studioRoleSchema } from './studio-role';

/** The longest studio name: the top bar shows it whole on a desktop, cut with an ellipsis on a phone. */
export const STUDIO_NAME_MAX = 80;

export const STUDIO_MESSAGES = {
  nameRequired: 'Give the studio a name.',
  nameTooLong: `A studio name is at most ${STUDIO_NAME_MAX} characters.`,
  studioRequired: 'Say which studio to show.',
  notAMember: 'You are not a member of that studio.',
} as const;

/** A studio the signed-in person belongs to, as the dashboard lists it. */
export const StudioMembershipSchema = z.object({ id: z.string(), name: z.string(), role: studioRoleSchema });
export type StudioMembership = z.infer<typeof StudioMembershipSchema>;

/** GET /api/studios: the studio the dashboard shows (null for someone in none) and every studio of theirs. */
export const StudiosAnswerSchema = z.object({
  active: StudioMembershipSchema.nullable(),
  studios: z.array(StudioMembershipSchema),
});
export type StudiosAnswer = z.infer<typeof StudiosAnswerSchema>;

export const StudioNameSchema = requiredTextSchema(
  STUDIO_NAME_MAX,
  { required: STUDIO_MESSAGES.nameRequired, tooLong: STUDIO_MESSAGES.nameTooLong },
  { refuseControlCharacters: true },
);

/** POST /api/studios/active: which of their studios the dashboard shows. */
export const ChooseStudioInputSchema = z.strictObject({
  studioId: z.string({ error: STUDIO_MESSAGES.studioRequired }).min(1, STUDIO_MESSAGES.studioRequired).max(100),
});

/** PATCH /api/studios/:id: renaming a studio (Admin and Owner). */
export const UpdateStudioInputSchema = z.strictObject({ name: StudioNameSchema });

/** The name a new account's own studio gets: "<their name>'s studio", or the email's name part. */
export function personalStudioName(person: { name: string; email: string }): string {
  const base = person.name.trim() || person.email.split('@')[0] || 'My';
  return `${base.slice(0, STUDIO_NAME_MAX - 9)}'s studio`;
}
