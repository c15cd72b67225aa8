import { z } from 'zod';
import { studioRoleSchema } from './studio-role';

/** How long an invitation's link works: 7 days from when it was sent (or last resent). */
export const INVITATION_TTL_DAYS = 7;
/** At most this many invitations a studio sends (made or resent) in an hour: a flood is refused. */
export const INVITATIONS_PER_HOUR = 30;

export const TEAM_MESSAGES = {
  alreadyMember: (email: string) => `${email} is already a member of this studio.`,
  gameNotInStudio: 'Pick games of this studio only.',
  invitationNotFound: 'This invitation does not exist. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask whoever invited you to send it again.',
  invitationRevoked: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationDeclined: 'This invitation was declined.',
  invitationOtherAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  invitationFlood: `This studio has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Try again later.`,
  memberNotFound: 'That person is not a member of this studio.',
  invitationPendingOnly: 'Only a pending invitation can be resent or withdrawn.',
} as const;

/** A member as the Team page lists them. */
export const MemberSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: studioRoleSchema,
  gameIds: z.array(z.string()).nullable(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

/** An invitation as the Team page lists it (never its link: only the invited address receives that). */
export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: studioRoleSchema,
  gameIds: z.array(z.string()).nullable(),
  status: InvitationStatusSchema,
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/studios/:studioId/team: the members and the pending invitations. */
export const TeamSchema = z.object({
  studio: z.object({ id: z.string(), name: z.string() }),
  members: z.array(MemberSchema),
  invitations: z.array(InvitationSchema),
});
export type Team = z.infer<typeof TeamSchema>;

/** GET /api/invitations/:invitationId: what the link's page shows before accepting. */
export const InvitationViewSchema = z.object({
  studioName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: studioRoleSchema,
  status: InvitationStatusSchema,
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/** GET /api/invitations: the open invitations to the signed-in person's address, for the dashboard to offer. */
export const MyInvitationSchema = InvitationViewSchema.extend({ id: z.string() });
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

/** PATCH /api/studios/:studioId/members/:userId: a member's new role. */
export const MemberRoleInputSchema = z.strictObject({ role: studioRoleSchema });

/** POST /api/studios/:studioId/transfer: the member who becomes the Owner (the Owner handing over stays an Admin). */
export const TransferInputSchema = z.strictObject({
  userId: z.string({ error: TEAM_MESSAGES.memberNotFound }).min(1, TEAM_MESSAGES.memberNotFound).max(100),
});
