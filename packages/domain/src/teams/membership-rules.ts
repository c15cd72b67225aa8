import { can } from './permissions';
import { roleRank, type StudioRole } from './studio-role';

/**
 * Who may change whose role, remove whom and invite as what. Pure: the route loads the actor's and the target's
 * roles and the studio's number of owners, asks here, and writes nothing when refused. Every route body that
 * names a role goes through one of these, so no body can raise anyone, the sender included, above the sender.
 */

export const MEMBERSHIP_REFUSAL_CODES = [
  'not_allowed',
  'above_your_role',
  'owner_by_transfer',
  'invite_as_owner',
  'last_owner',
] as const;
export type MembershipRefusalCode = (typeof MEMBERSHIP_REFUSAL_CODES)[number];
export type MembershipRefusal = { code: MembershipRefusalCode; message: string };

export const MEMBERSHIP_MESSAGES = {
  changeRoleNotAllowed: 'Only an Admin or Owner can change members’ roles.',
  removeNotAllowed: 'Only an Admin or Owner can remove members.',
  inviteNotAllowed: 'Only an Admin or Owner can invite members.',
  raiseAboveYou: 'You cannot give anyone a role above your own.',
  changeAboveYou: 'Only an Owner can change an Owner’s role.',
  removeAboveYou: 'Only an Owner can remove an Owner.',
  ownerByTransfer: 'Only a transfer of ownership makes someone an Owner: the Owner does it from the Team page.',
  inviteAsOwner: 'Nobody is invited as an Owner: invite them as an Admin, and the Owner can transfer ownership later.',
  lastOwnerDemoted: 'The studio’s last Owner cannot be given another role: transfer ownership first.',
  lastOwnerStepsDown: 'You are the studio’s last Owner: transfer ownership before you take another role.',
  lastOwnerRemoved: 'The studio’s last Owner cannot be removed: transfer ownership first.',
  lastOwnerLeaves: 'You are the studio’s last Owner: transfer ownership before you leave the studio.',
} as const;

function refuse(code: MembershipRefusalCode, message: string): MembershipRefusal {
  return { code, message };
}

export type RoleChange = {
  /** The role of the member asking. */
  actor: StudioRole;
  /** The member asking is the one whose role changes (then `from` is the actor's own role). */
  actorIsSelf: boolean;
  from: StudioRole;
  to: StudioRole;
  /** How many owners the studio has now. */
  owners: number;
};

/** Null when the change may be made, else why not. A change to the same role is no change, and allowed. */
export function checkRoleChange({ actor, actorIsSelf, from, to, owners }: RoleChange): MembershipRefusal | null {
  if (!can(actor, 'members.manage')) return refuse('not_allowed', MEMBERSHIP_MESSAGES.changeRoleNotAllowed);
  if (from === to) return null;
  if (to === 'owner') return refuse('owner_by_transfer', MEMBERSHIP_MESSAGES.ownerByTransfer);
  if (roleRank(to) > roleRank(actor)) return refuse('above_your_role', MEMBERSHIP_MESSAGES.raiseAboveYou);
  if (roleRank(from) > roleRank(actor)) return refuse('above_your_role', MEMBERSHIP_MESSAGES.changeAboveYou);
  if (from === 'owner' && owners <= 1) {
    return refuse(
      'last_owner',
      actorIsSelf ? MEMBERSHIP_MESSAGES.lastOwnerStepsDown : MEMBERSHIP_MESSAGES.lastOwnerDemoted,
    );
  }
  return null;
}

export type Removal = {
  actor: StudioRole;
  target: StudioRole;
  /** The member removes themself: leaving the studio. */
  targetIsSelf: boolean;
  owners: number;
};

/** Null when the member may be removed (or leave), else why not. Anyone may leave, except the last owner. */
export function checkRemoval({ actor, target, targetIsSelf, owners }: Removal): MembershipRefusal | null {
  const lastOwner = target === 'owner' && owners <= 1;
  if (targetIsSelf) return lastOwner ? refuse('last_owner', MEMBERSHIP_MESSAGES.lastOwnerLeaves) : null;
  if (!can(actor, 'members.manage')) return refuse('not_allowed', MEMBERSHIP_MESSAGES.removeNotAllowed);
  if (roleRank(target) > roleRank(actor)) return refuse('above_your_role', MEMBERSHIP_MESSAGES.removeAboveYou);
  if (lastOwner) return refuse('last_owner', MEMBERSHIP_MESSAGES.lastOwnerRemoved);
  return null;
}

export type Invite = { actor: StudioRole; role: StudioRole };

/** Null when the actor may invite someone as `role`, else why not. */
export function checkInvite({ actor, role }: Invite): MembershipRefusal | null {
  if (!can(actor, 'members.invite')) return refuse('not_allowed', MEMBERSHIP_MESSAGES.inviteNotAllowed);
  if (role === 'owner') return refuse('invite_as_owner', MEMBERSHIP_MESSAGES.inviteAsOwner);
  if (roleRank(role) > roleRank(actor)) return refuse('above_your_role', MEMBERSHIP_MESSAGES.raiseAboveYou);
  return null;
}
