import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { TEAM_MESSAGES, type InvitationStatus, type InvitationView, type MyInvitation } from '@liveops/domain/teams';
import type { Auth } from '../accounts/auth';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';
import type { Db } from '../db/database';
import { session, studio, studioInvitation, studioMember, user } from '../db/schema';
import { jsonBody } from '../http/request-body';
import { jsonError } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import { invitationStatus } from './team';

type Deps = { auth: Auth; db: Db; liveEvents: LiveEvents };
type Found = {
  invitation: typeof studioInvitation.$inferSelect;
  studioName: string;
  inviterName: string;
  inviterEmail: string;
};

/** What an invitation's page, and the dashboard's offer, show of it. */
function viewOf(found: Found, now: Date): InvitationView {
  const { invitation } = found;
  return {
    studioName: found.studioName,
    invitedBy: found.inviterName.trim() || found.inviterEmail,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation, now),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** Why an invitation that is not pending cannot be answered. */
const CLOSED: Record<Exclude<InvitationStatus, 'pending'>, { status: 409 | 410; code: string; message: string }> = {
  accepted: { status: 409, code: 'INVITATION_USED', message: TEAM_MESSAGES.invitationUsed },
  declined: { status: 409, code: 'INVITATION_DECLINED', message: TEAM_MESSAGES.invitationDeclined },
  revoked: { status: 410, code: 'INVITATION_REVOKED', message: TEAM_MESSAGES.invitationRevoked },
  expired: { status: 410, code: 'INVITATION_EXPIRED', message: TEAM_MESSAGES.invitationExpired },
};

/**
 * /api/invitations/:invitationId: the emailed link's page (decision 065). Anyone holding the link sees who invited
 * whom to which studio as what; accepting or declining needs an account signed in with the invited address.
 */
export function invitationRoutes({ auth, db, liveEvents }: Deps) {
  const find = async (id: string) => {
    const [row] = await db
      .select({
        invitation: studioInvitation,
        studioName: studio.name,
        inviterName: user.name,
        inviterEmail: user.email,
      })
      .from(studioInvitation)
      .innerJoin(studio, eq(studio.id, studioInvitation.organizationId))
      .innerJoin(user, eq(user.id, studioInvitation.inviterId))
      .where(eq(studioInvitation.id, id));
    return row ?? null;
  };
  /** The invitation when the signed-in user may answer it, else the answer refusing them. */
  const answerable = async (c: Context<AuthedEnv>) => {
    const found = await find(c.req.param('invitationId') ?? '');
    if (!found) return { refusal: jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.invitationNotFound) } as const;
    const status = invitationStatus(found.invitation, new Date());
    if (status !== 'pending') {
      const closed = CLOSED[status];
      return { refusal: jsonError(c, closed.status, closed.code, closed.message) } as const;
    }
    if (c.get('user').email.toLowerCase() !== found.invitation.email) {
      const message = TEAM_MESSAGES.invitationOtherAddress(found.invitation.email);
      return { refusal: jsonError(c, 403, 'OTHER_ADDRESS', message) } as const;
    }
    return { found } as const;
  };

  const verified = requireVerifiedUser(auth);
  return new Hono<AuthedEnv>()
    .use(...jsonBody)
    .get('/', verified, async (c) => {
      const now = new Date();
      const rows = await db
        .select({
          invitation: studioInvitation,
          studioName: studio.name,
          inviterName: user.name,
          inviterEmail: user.email,
        })
        .from(studioInvitation)
        .innerJoin(studio, eq(studio.id, studioInvitation.organizationId))
        .innerJoin(user, eq(user.id, studioInvitation.inviterId))
        .where(
          and(
            eq(studioInvitation.email, c.get('user').email.toLowerCase()),
            eq(studioInvitation.status, 'pending'),
            gt(studioInvitation.expiresAt, now),
          ),
        )
        .orderBy(asc(studioInvitation.createdAt));
      const mine: MyInvitation[] = rows.map((row) => ({ id: row.invitation.id, ...viewOf(row, now) }));
      return c.json(mine);
    })
    .get('/:invitationId', async (c) => {
      const found = await find(c.req.param('invitationId'));
      if (!found) return jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
      c.header('Cache-Control', 'no-store');
      return c.json(viewOf(found, new Date()));
    })
    .post('/:invitationId/accept', verified, async (c) => {
      const checked = await answerable(c);
      if ('refusal' in checked) return checked.refusal;
      const { invitation } = checked.found;
      const me = c.get('user').id;
      const accepted = await db.transaction(async (tx) => {
        // Only a pending invitation is taken, once: a second click, or another tab, finds it accepted.
        const [taken] = await tx
          .update(studioInvitation)
          .set({ status: 'accepted' })
          .where(and(eq(studioInvitation.id, invitation.id), eq(studioInvitation.status, 'pending')))
          .returning({ id: studioInvitation.id });
        if (!taken) return false;
        await tx
          .insert(studioMember)
          .values({
            id: randomUUID(),
            organizationId: invitation.organizationId,
            userId: me,
            role: invitation.role,
            gameIds: invitation.gameIds,
          })
          .onConflictDoNothing();
        return true;
      });
      if (!accepted) return jsonError(c, 409, 'INVITATION_USED', TEAM_MESSAGES.invitationUsed);
      // The new studio is the one this session shows; its members' Team pages list the newcomer.
      const current = await auth.sessions.get(c.req.raw.headers);
      if (current) {
        await db
          .update(session)
          .set({ activeOrganizationId: invitation.organizationId, updatedAt: new Date() })
          .where(eq(session.token, current.session.token));
      }
      await liveEvents.publish(invitation.organizationId, { topic: 'account' });
      await auth.forgetSessionsOf(me);
      return c.json({
        studioId: invitation.organizationId,
        studioName: checked.found.studioName,
        role: invitation.role,
      });
    })
    .post('/:invitationId/decline', verified, async (c) => {
      const checked = await answerable(c);
      if ('refusal' in checked) return checked.refusal;
      const { invitation } = checked.found;
      await db
        .update(studioInvitation)
        .set({ status: 'rejected' })
        .where(and(eq(studioInvitation.id, invitation.id), eq(studioInvitation.status, 'pending')));
      await liveEvents.publish(invitation.organizationId, { topic: 'account' });
      return c.json({ declined: true });
    });
}
