import { z } from 'zod';
import { EmailSchema } from '../accounts/auth';
import { MEMBERSHIP_MESSAGES } from './membership-rules';
import { ROLE_MESSAGES, type StudioRole } from './studio-role';

/** The games one invitation may name: more than a studio is expected to hold; past it, leave the list out. */
export const INVITATION_GAMES_MAX = 200;
/** Longer than any game id the server makes (a UUID); only a bound on what a body may carry. */
export const GAME_ID_MAX_LENGTH = 100;

/** The roles an invitation may give: every role but owner, which only a transfer of ownership gives. */
export const INVITABLE_ROLES = [
  'admin',
  'developer',
  'designer',
  'support',
  'viewer',
] as const satisfies readonly StudioRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const INVITATION_MESSAGES = {
  gamesInvalid: 'gameIds is a list of game ids.',
  gameIdInvalid: 'Each game is named by its id.',
  gamesEmpty: 'Pick at least one game, or leave the list out to give access to all of the studio’s games.',
  gamesTooMany: `Pick at most ${INVITATION_GAMES_MAX} games, or leave the list out to give access to all of them.`,
  gamesRepeated: 'Each game is listed once.',
} as const;

/**
 * What the Team page's invitation form sends. The email is kept lowercased, so one address is one invitation
 * however it was typed; whether the actor may invite as this role (checkInvite) and whether the games are the studio's
 * are the route's to check, against the database.
 */
export const InvitationInputSchema = z.strictObject({
  email: z.pipe(EmailSchema, z.string().toLowerCase()),
  role: z.enum(INVITABLE_ROLES, {
    error: (issue) => (issue.input === 'owner' ? MEMBERSHIP_MESSAGES.inviteAsOwner : ROLE_MESSAGES.roleInvalid),
  }),
  gameIds: z
    .array(
      z
        .string({ error: INVITATION_MESSAGES.gameIdInvalid })
        .min(1, INVITATION_MESSAGES.gameIdInvalid)
        .max(GAME_ID_MAX_LENGTH, INVITATION_MESSAGES.gameIdInvalid),
      { error: INVITATION_MESSAGES.gamesInvalid },
    )
    .min(1, INVITATION_MESSAGES.gamesEmpty)
    .max(INVITATION_GAMES_MAX, INVITATION_MESSAGES.gamesTooMany)
    .refine((ids) => new Set(ids).size === ids.length, INVITATION_MESSAGES.gamesRepeated)
    .optional(),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;
