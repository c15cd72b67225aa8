import {
  can,
  cannotReason,
  checkInvite,
  checkRemoval,
  checkRoleChange,
  INVITABLE_ROLES,
  roleRank,
  STUDIO_ROLES,
  type InvitableRole,
  type Member,
  type StudioRole,
} from '@liveops/domain/teams';

/**
 * What the Team page lets its viewer do to each member, from the domain's rules (docs/teams.md): a control the
 * viewer's role cannot use is shown disabled with the sentence the server would answer, never refused after a click.
 */

export type RoleOption = { role: StudioRole; refusal: string | null };

export type RoleControl =
  /** The viewer changes nobody's role: the role is plain text (the section says why, once). */
  | { kind: 'text' }
  /** A select of the roles; `disabled` says why none other may be chosen for this member. */
  | { kind: 'select'; options: RoleOption[]; disabled: string | null };

type Viewer = { userId: string; role: StudioRole };

/** How many of the members are Owners: the last one cannot leave, step down or be removed. */
export function ownersAmong(members: readonly Pick<Member, 'role'>[]): number {
  return members.filter((member) => member.role === 'owner').length;
}

/**
 * The role picker of one member's row. Owner is offered only to show an Owner's role: nobody becomes one but by a
 * transfer of ownership.
 */
export function roleControl(viewer: Viewer, member: Pick<Member, 'userId' | 'role'>, owners: number): RoleControl {
  if (!can(viewer.role, 'members.manage')) return { kind: 'text' };
  const options = STUDIO_ROLES.filter((role) => role !== 'owner' || member.role === 'owner').map((role) => {
    const refused = checkRoleChange({
      actor: viewer.role,
      actorIsSelf: member.userId === viewer.userId,
      from: member.role,
      to: role,
      owners,
    });
    return { role, refusal: refused?.message ?? null };
  });
  const others = options.filter((option) => option.role !== member.role);
  const open = others.some((option) => option.refusal === null);
  return { kind: 'select', options, disabled: open ? null : (others[0]?.refusal ?? null) };
}

export type RemoveControl = {
  /** Removing oneself is leaving the studio. */
  leaving: boolean;
  /** Why the viewer may not, or null. */
  refusal: string | null;
  /** The refusal is the viewer's role's alone (the same on every row), so the section says it once. */
  roleWide: boolean;
};

export function removeControl(viewer: Viewer, member: Pick<Member, 'userId' | 'role'>, owners: number): RemoveControl {
  const leaving = member.userId === viewer.userId;
  const refused = checkRemoval({ actor: viewer.role, target: member.role, targetIsSelf: leaving, owners });
  return { leaving, refusal: refused?.message ?? null, roleWide: refused?.code === 'not_allowed' };
}

/** Only the Owner hands the studio over, to someone else. */
export function mayTransferTo(viewer: Viewer, member: Pick<Member, 'userId'>): boolean {
  return can(viewer.role, 'studio.transfer') && member.userId !== viewer.userId;
}

/**
 * The roles the invitation form offers: those an invitation may give at or below the viewer's own (checkInvite). A
 * role that invites nobody sees the form disabled, still showing the roles at or below its own.
 */
export function invitableRoles(viewer: StudioRole): InvitableRole[] {
  const below = INVITABLE_ROLES.filter((role) => roleRank(role) <= roleRank(viewer));
  if (!can(viewer, 'members.invite')) return below;
  return below.filter((role) => checkInvite({ actor: viewer, role }) === null);
}

/** Why the viewer may not invite at all, or null: the same sentence as the invitations' Resend and Withdraw. */
export function inviteRefusal(viewer: StudioRole): string | null {
  return cannotReason(viewer, 'members.invite');
}
