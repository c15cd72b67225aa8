import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  cannotReason,
  checkInvite,
  checkRemoval,
  checkRoleChange,
  INVITATION_TTL_DAYS,
  InvitationInputSchema,
  INVITATIONS_PER_HOUR,
  MemberRoleInputSchema,
  ROLE_LABELS,
  STUDIO_MESSAGES,
  TEAM_MESSAGES,
  TransferInputSchema,
  type MembershipRefusal,
  type Team,
} from '@liveops/domain/teams';
import type { Auth } from '../accounts/auth';
import { invitationEmail } from '../accounts/emails';
import type { AuthedEnv } from '../accounts/session';
import type { Db } from '../db/database';
import { studio, studioInvitation, studioMember } from '../db/schema';
import type { Mailer } from '../email/mailer';
import type { Config } from '../env';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import { membershipIn, ownersOf, type Membership } from './studios';
import {
  allGamesOfStudio,
  invitationsSentSince,
  isMemberByEmail,
  membersOf,
  newInvitationId,
  openInvitationsOf,
} from './team';

export type TeamDeps = { auth: Auth; db: Db; liveEvents: LiveEvents; mailer: Mailer; logger: Logger; config: Config };
type TeamEnv = { Variables: AuthedEnv['Variables'] & { member: Membership } };

const DAY_MS = 86_400_000;

/**
 * /api/studios/:studioId/…: the Team page (decision 065). Members, invitations by email with a role (and
 * optionally some games), resending and withdrawing them, changing a role, removing a member or leaving, and
 * transferring ownership. Every membership change goes through the domain's rules (docs/teams.md); a studio one is
 * not in answers like a missing one.
 */
export function teamRoutes({ auth, db, liveEvents, mailer, logger, config }: TeamDeps) {
  const refusal = (c: Context, refused: MembershipRefusal) =>
    jsonError(c, 403, refused.code === 'last_owner' ? 'LAST_OWNER' : 'FORBIDDEN', refused.message);
  /** Every member's Team page and top bar read again; a person whose studios changed gets their streams anew. */
  const changed = async (studioId: string, personChanged?: string) => {
    await liveEvents.publish(studioId, { topic: 'account' });
    if (personChanged) await auth.forgetSessionsOf(personChanged);
  };

  const send = async (
    invitation: { id: string; email: string; role: keyof typeof ROLE_LABELS },
    studioName: string,
    inviter: string,
  ) => {
    const link = `${config.publicUrl}/invitations/${encodeURIComponent(invitation.id)}`;
    const mail = invitationEmail(invitation.email, {
      studioName,
      inviter,
      role: ROLE_LABELS[invitation.role],
      link,
      days: INVITATION_TTL_DAYS,
    });
    // Not awaited: the answer says it was sent; a failed delivery is logged, and Resend sends it again.
    void mailer
      .send(mail)
      .catch((error: unknown) => logger.error(`invitation mail to ${invitation.email} failed:`, error));
  };
  const floodRefusal = async (c: Context, studioId: string) => {
    const sent = await invitationsSentSince(db, studioId, new Date(Date.now() - 3_600_000));
    return sent >= INVITATIONS_PER_HOUR
      ? jsonError(c, 429, 'TOO_MANY_INVITATIONS', TEAM_MESSAGES.invitationFlood)
      : null;
  };

  // Mounted at /api/studios/:studioId by studiosRoutes, behind its body limit and signed-in check.
  return new Hono<TeamEnv>()
    .use(async (c, next) => {
      const member = await membershipIn(db, c.get('user').id, c.req.param('studioId') ?? '');
      if (!member) return jsonError(c, 404, 'NOT_FOUND', STUDIO_MESSAGES.notAMember);
      c.set('member', member);
      await next();
    })
    .get('/team', async (c) => {
      const member = c.get('member');
      const team: Team = {
        studio: { id: member.studioId, name: member.name },
        members: await membersOf(db, member.studioId),
        invitations: await openInvitationsOf(db, member.studioId, new Date()),
      };
      return c.json(team);
    })
    .post('/invitations', async (c) => {
      const member = c.get('member');
      const reason = cannotReason(member.role, 'members.invite');
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
      const input = await readJson(c, InvitationInputSchema);
      if (!input.ok) return input.response;
      const refused = checkInvite({ actor: member.role, role: input.value.role });
      if (refused) return refusal(c, refused);
      const { email, role, gameIds } = input.value;
      if (await isMemberByEmail(db, member.studioId, email)) {
        return jsonError(c, 409, 'ALREADY_MEMBER', TEAM_MESSAGES.alreadyMember(email));
      }
      if (gameIds && !(await allGamesOfStudio(db, member.studioId, gameIds))) {
        return jsonError(c, 400, 'VALIDATION_ERROR', TEAM_MESSAGES.gameNotInStudio, {
          issues: [{ path: 'gameIds', message: TEAM_MESSAGES.gameNotInStudio }],
        });
      }
      const flood = await floodRefusal(c, member.studioId);
      if (flood) return flood;
      const now = new Date();
      const values = {
        role,
        gameIds: gameIds ?? null,
        inviterId: c.get('user').id,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      };
      // One open invitation per address: inviting again replaces the open one's role and games, and sends anew.
      const [open] = await db
        .update(studioInvitation)
        .set(values)
        .where(
          and(
            eq(studioInvitation.organizationId, member.studioId),
            eq(studioInvitation.email, email),
            eq(studioInvitation.status, 'pending'),
          ),
        )
        .returning();
      const [row] = open
        ? [open]
        : await db
            .insert(studioInvitation)
            .values({ id: newInvitationId(), organizationId: member.studioId, email, status: 'pending', ...values })
            .returning();
      if (!row) throw new Error('invitation not stored');
      const user = c.get('user');
      await send(row, member.name, user.name.trim() || user.email);
      await changed(member.studioId);
      const [listed] = (await openInvitationsOf(db, member.studioId, now)).filter((i) => i.id === row.id);
      return c.json(listed, open ? 200 : 201);
    })
    .post('/invitations/:invitationId/resend', async (c) => {
      const member = c.get('member');
      const reason = cannotReason(member.role, 'members.invite');
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
      const flood = await floodRefusal(c, member.studioId);
      if (flood) return flood;
      const now = new Date();
      const [row] = await db
        .update(studioInvitation)
        .set({ sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS) })
        .where(
          and(
            eq(studioInvitation.id, c.req.param('invitationId')),
            eq(studioInvitation.organizationId, member.studioId),
            eq(studioInvitation.status, 'pending'),
          ),
        )
        .returning();
      if (!row) return jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.invitationPendingOnly);
      const user = c.get('user');
      await send(row, member.name, user.name.trim() || user.email);
      await changed(member.studioId);
      const [listed] = (await openInvitationsOf(db, member.studioId, now)).filter((i) => i.id === row.id);
      return c.json(listed);
    })
    .delete('/invitations/:invitationId', async (c) => {
      const member = c.get('member');
      const reason = cannotReason(member.role, 'members.invite');
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
      const [row] = await db
        .update(studioInvitation)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(studioInvitation.id, c.req.param('invitationId')),
            eq(studioInvitation.organizationId, member.studioId),
            eq(studioInvitation.status, 'pending'),
          ),
        )
        .returning({ id: studioInvitation.id });
      if (!row) return jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.invitationPendingOnly);
      await changed(member.studioId);
      return c.json({ revoked: true, id: row.id });
    })
    .patch('/members/:userId', async (c) => {
      const member = c.get('member');
      const reason = cannotReason(member.role, 'members.manage');
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
      const input = await readJson(c, MemberRoleInputSchema);
      if (!input.ok) return input.response;
      const targetId = c.req.param('userId');
      const outcome = await db.transaction(async (tx) => {
        // The studio's row locked: two changes at once cannot both leave it without an owner.
        await tx.select({ id: studio.id }).from(studio).where(eq(studio.id, member.studioId)).for('update');
        const target = await membershipIn(tx, targetId, member.studioId);
        if (!target) return { kind: 'missing' } as const;
        const refused = checkRoleChange({
          actor: member.role,
          actorIsSelf: targetId === c.get('user').id,
          from: target.role,
          to: input.value.role,
          owners: await ownersOf(tx, member.studioId),
        });
        if (refused) return { kind: 'refused', refused } as const;
        await tx
          .update(studioMember)
          .set({ role: input.value.role })
          .where(and(eq(studioMember.organizationId, member.studioId), eq(studioMember.userId, targetId)));
        return { kind: 'done' } as const;
      });
      if (outcome.kind === 'missing') return jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.memberNotFound);
      if (outcome.kind === 'refused') return refusal(c, outcome.refused);
      await changed(member.studioId);
      const [shown] = (await membersOf(db, member.studioId)).filter((m) => m.userId === targetId);
      return c.json(shown);
    })
    .delete('/members/:userId', async (c) => {
      const member = c.get('member');
      const targetId = c.req.param('userId');
      // Anyone may leave; removing someone else is managing members.
      const reason = targetId === c.get('user').id ? null : cannotReason(member.role, 'members.manage');
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
      const outcome = await db.transaction(async (tx) => {
        await tx.select({ id: studio.id }).from(studio).where(eq(studio.id, member.studioId)).for('update');
        const target = await membershipIn(tx, targetId, member.studioId);
        if (!target) return { kind: 'missing' } as const;
        const refused = checkRemoval({
          actor: member.role,
          target: target.role,
          targetIsSelf: targetId === c.get('user').id,
          owners: await ownersOf(tx, member.studioId),
        });
        if (refused) return { kind: 'refused', refused } as const;
        await tx
          .delete(studioMember)
          .where(and(eq(studioMember.organizationId, member.studioId), eq(studioMember.userId, targetId)));
        return { kind: 'done' } as const;
      });
      if (outcome.kind === 'missing') return jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.memberNotFound);
      if (outcome.kind === 'refused') return refusal(c, outcome.refused);
      // Their access ends now (every request checks membership); their open streams end and reconnect without it.
      await changed(member.studioId, targetId);
      return c.json({ removed: true, userId: targetId });
    })
    .post('/transfer', async (c) => {
      const member = c.get('member');
      const reason = cannotReason(member.role, 'studio.transfer');
      if (reason) return jsonError(c, 403, 'FORBIDDEN', reason);
      const input = await readJson(c, TransferInputSchema);
      if (!input.ok) return input.response;
      const me = c.get('user').id;
      const targetId = input.value.userId;
      const done = await db.transaction(async (tx) => {
        await tx.select({ id: studio.id }).from(studio).where(eq(studio.id, member.studioId)).for('update');
        const target = await membershipIn(tx, targetId, member.studioId);
        if (!target || targetId === me) return false;
        // The new owner reaches every game; the one handing over stays as an Admin.
        await tx
          .update(studioMember)
          .set({ role: 'owner', gameIds: null })
          .where(and(eq(studioMember.organizationId, member.studioId), eq(studioMember.userId, targetId)));
        await tx
          .update(studioMember)
          .set({ role: 'admin' })
          .where(and(eq(studioMember.organizationId, member.studioId), eq(studioMember.userId, me)));
        return true;
      });
      if (!done) return jsonError(c, 404, 'NOT_FOUND', TEAM_MESSAGES.memberNotFound);
      await changed(member.studioId);
      return c.json({ transferred: true, ownerId: targetId });
    });
}
