import { describe, expect, it } from 'vitest';
import { checkInvite, checkRemoval, checkRoleChange, MEMBERSHIP_MESSAGES } from './membership-rules';
import { can } from './permissions';
import { roleRank, STUDIO_ROLES, type StudioRole } from './studio-role';

/** Every role change a body could ask for; when the actor changes their own role, `from` is the actor's. */
function* everyChange(): Generator<[StudioRole, boolean, StudioRole, StudioRole, number]> {
  for (const actor of STUDIO_ROLES)
    for (const actorIsSelf of [true, false])
      for (const from of actorIsSelf ? [actor] : STUDIO_ROLES)
        for (const to of STUDIO_ROLES) for (const count of [1, 2, 3, 4]) yield [actor, actorIsSelf, from, to, count];
}

describe('checkRoleChange', () => {
  it('lets an Admin or Owner change a lower member’s role within their own', () => {
    expect(checkRoleChange({ actor: 'admin', actorIsSelf: false, from: 'viewer', to: 'admin', owners: 1 })).toBeNull();
    expect(checkRoleChange({ actor: 'owner', actorIsSelf: false, from: 'admin', to: 'support', owners: 1 })).toBeNull();
    expect(checkRoleChange({ actor: 'admin', actorIsSelf: true, from: 'admin', to: 'viewer', owners: 1 })).toBeNull();
  });

  it('refuses everyone below Admin', () => {
    for (const actor of ['developer', 'designer', 'support', 'viewer'] as const) {
      expect(checkRoleChange({ actor, actorIsSelf: false, from: 'viewer', to: 'support', owners: 1 })).toEqual({
        code: 'not_allowed',
        message: MEMBERSHIP_MESSAGES.changeRoleNotAllowed,
      });
    }
  });

  it('never makes an Owner, not even by an Owner: only a transfer does', () => {
    for (const actor of ['owner', 'admin'] as const) {
      expect(checkRoleChange({ actor, actorIsSelf: false, from: 'admin', to: 'owner', owners: 1 })).toEqual({
        code: 'owner_by_transfer',
        message: MEMBERSHIP_MESSAGES.ownerByTransfer,
      });
    }
  });

  it('refuses an Admin changing an Owner', () => {
    expect(checkRoleChange({ actor: 'admin', actorIsSelf: false, from: 'owner', to: 'admin', owners: 2 })).toEqual({
      code: 'above_your_role',
      message: MEMBERSHIP_MESSAGES.changeAboveYou,
    });
  });

  it('never demotes the last Owner, and says so to the Owner themself', () => {
    expect(checkRoleChange({ actor: 'owner', actorIsSelf: true, from: 'owner', to: 'admin', owners: 1 })).toEqual({
      code: 'last_owner',
      message: MEMBERSHIP_MESSAGES.lastOwnerStepsDown,
    });
    expect(checkRoleChange({ actor: 'owner', actorIsSelf: true, from: 'owner', to: 'admin', owners: 2 })).toBeNull();
    expect(checkRoleChange({ actor: 'owner', actorIsSelf: false, from: 'owner', to: 'viewer', owners: 2 })).toBeNull();
  });

  it('never lets a body raise anyone above its sender, nor make an owner, nor leave the studio without one', () => {
    // Every combination of roles, with one to four owners: a property over a finite set, checked whole.
    for (const [actor, actorIsSelf, from, to, count] of everyChange()) {
      if (checkRoleChange({ actor, actorIsSelf, from, to, owners: count }) !== null || from === to) continue;
      const change = `${actor} (self: ${actorIsSelf}) ${from} → ${to}, ${count} owners`;
      expect(can(actor, 'members.manage'), change).toBe(true);
      expect(roleRank(to), change).toBeLessThanOrEqual(roleRank(actor));
      expect(roleRank(from), change).toBeLessThanOrEqual(roleRank(actor));
      expect(to, change).not.toBe('owner');
      if (from === 'owner') expect(count, change).toBeGreaterThan(1);
    }
  });
});

describe('checkRemoval', () => {
  it('lets anyone leave but the last Owner', () => {
    for (const role of STUDIO_ROLES) {
      expect(checkRemoval({ actor: role, target: role, targetIsSelf: true, owners: 2 })).toBeNull();
    }
    expect(checkRemoval({ actor: 'owner', target: 'owner', targetIsSelf: true, owners: 1 })).toEqual({
      code: 'last_owner',
      message: MEMBERSHIP_MESSAGES.lastOwnerLeaves,
    });
  });

  it('lets an Admin remove Admins and below but not an Owner', () => {
    expect(checkRemoval({ actor: 'admin', target: 'admin', targetIsSelf: false, owners: 1 })).toBeNull();
    expect(checkRemoval({ actor: 'admin', target: 'viewer', targetIsSelf: false, owners: 1 })).toBeNull();
    expect(checkRemoval({ actor: 'admin', target: 'owner', targetIsSelf: false, owners: 3 })).toEqual({
      code: 'above_your_role',
      message: MEMBERSHIP_MESSAGES.removeAboveYou,
    });
    expect(checkRemoval({ actor: 'owner', target: 'owner', targetIsSelf: false, owners: 2 })).toBeNull();
  });

  it('refuses a removal by anyone below Admin', () => {
    expect(checkRemoval({ actor: 'developer', target: 'viewer', targetIsSelf: false, owners: 1 })).toEqual({
      code: 'not_allowed',
      message: MEMBERSHIP_MESSAGES.removeNotAllowed,
    });
  });

  it('never leaves a studio without an owner, nor lets anyone remove a member above them', () => {
    for (const actor of STUDIO_ROLES)
      for (const target of STUDIO_ROLES)
        for (const targetIsSelf of [true, false]) {
          if (targetIsSelf && actor !== target) continue;
          const removal = `${actor} removes ${target} (self: ${targetIsSelf})`;
          if (target === 'owner')
            expect(checkRemoval({ actor, target, targetIsSelf, owners: 1 }), removal).not.toBeNull();
          if (checkRemoval({ actor, target, targetIsSelf, owners: 2 }) === null && !targetIsSelf) {
            expect(roleRank(target), removal).toBeLessThanOrEqual(roleRank(actor));
          }
        }
  });
});

describe('checkInvite', () => {
  it('lets an Admin invite up to Admin and an Owner the same', () => {
    for (const actor of ['owner', 'admin'] as const) {
      for (const role of ['admin', 'developer', 'designer', 'support', 'viewer'] as const) {
        expect(checkInvite({ actor, role })).toBeNull();
      }
    }
  });

  it('never invites as Owner', () => {
    expect(checkInvite({ actor: 'owner', role: 'owner' })).toEqual({
      code: 'invite_as_owner',
      message: MEMBERSHIP_MESSAGES.inviteAsOwner,
    });
  });

  it('refuses an invitation from anyone below Admin', () => {
    for (const actor of ['developer', 'designer', 'support', 'viewer'] as const) {
      expect(checkInvite({ actor, role: 'viewer' })).toEqual({
        code: 'not_allowed',
        message: MEMBERSHIP_MESSAGES.inviteNotAllowed,
      });
    }
  });

  it('never lets an invitation give a role above its sender', () => {
    for (const actor of STUDIO_ROLES)
      for (const role of STUDIO_ROLES) {
        if (checkInvite({ actor, role }) === null)
          expect(roleRank(role), `${actor} invites ${role}`).toBeLessThanOrEqual(roleRank(actor));
      }
  });
});
