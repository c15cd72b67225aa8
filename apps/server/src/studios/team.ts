import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Invitation, InvitationStatus, Member } from '@liveops/domain/teams';
import type { Db } from '../db/database';
import { game, studioInvitation, studioMember, user } from '../db/schema';

type InvitationRow = typeof studioInvitation.$inferSelect;

/** An invitation's id, which is also its link's secret: 192 random bits. */
export function newInvitationId(): string {
  return randomBytes(24).toString('base64url');
}

/** What an invitation is now: the stored status, with a pending one past its expiry read as expired. */
export function invitationStatus(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.status === 'accepted') return 'accepted';
  if (row.status === 'rejected') return 'declined';
  if (row.status === 'canceled') return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** A studio's members, the oldest first, with their names and addresses as they are now. */
export async function membersOf(db: Db, studioId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: studioMember.userId,
      name: user.name,
      email: user.email,
      role: studioMember.role,
      gameIds: studioMember.gameIds,
      joinedAt: studioMember.createdAt,
    })
    .from(studioMember)
    .innerJoin(user, eq(user.id, studioMember.userId))
    .where(eq(studioMember.organizationId, studioId))
    .orderBy(asc(studioMember.createdAt), asc(studioMember.id));
  return rows.map((row) => ({
    ...row,
    name: row.name.trim() || null,
    joinedAt: row.joinedAt.toISOString(),
  }));
}

/** A studio's invitations still waiting for an answer (pending or expired, not withdrawn or used), newest first. */
export async function openInvitationsOf(db: Db, studioId: string, now: Date): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: studioInvitation, inviterName: user.name, inviterEmail: user.email })
    .from(studioInvitation)
    .innerJoin(user, eq(user.id, studioInvitation.inviterId))
    .where(and(eq(studioInvitation.organizationId, studioId), eq(studioInvitation.status, 'pending')))
    .orderBy(asc(studioInvitation.createdAt));
  return rows.reverse().map(({ invitation, inviterName, inviterEmail }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    gameIds: invitation.gameIds,
    status: invitationStatus(invitation, now),
    invitedBy: inviterName.trim() || inviterEmail,
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }));
}

/** How many invitations a studio sent (made or resent) since `since`: the flood limit counts these. */
export async function invitationsSentSince(db: Db, studioId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studioInvitation)
    .where(and(eq(studioInvitation.organizationId, studioId), gt(studioInvitation.sentAt, since)));
  return row?.n ?? 0;
}

/** Whether every id names a game of the studio (an invitation's subset may name no other). */
export async function allGamesOfStudio(db: Db, studioId: string, gameIds: string[]): Promise<boolean> {
  if (gameIds.length === 0) return true;
  const [row] = await db
    .select({ n: count() })
    .from(game)
    .where(and(eq(game.ownerId, studioId), inArray(game.id, gameIds)));
  return (row?.n ?? 0) === gameIds.length;
}

/** Whether the address already belongs to a member of the studio. */
export async function isMemberByEmail(db: Db, studioId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studioMember.id })
    .from(studioMember)
    .innerJoin(user, eq(user.id, studioMember.userId))
    .where(and(eq(studioMember.organizationId, studioId), eq(user.email, email)));
  return row !== undefined;
}
