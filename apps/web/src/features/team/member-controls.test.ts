import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@liveops/domain/teams';
import { invitableRoles, inviteRefusal, mayTransferTo, removeControl, roleControl } from './member-controls';

const owner = { userId: 'o', role: 'owner' as const };
const admin = { userId: 'a', role: 'admin' as const };
const designer = { userId: 'd', role: 'designer' as const };

describe('the Team page controls', () => {
  it('shows roles as text to a viewer who changes nobody', () => {
    expect(roleControl(designer, owner, 1)).toEqual({ kind: 'text' });
  });

  it('lets an Admin pick roles up to Admin for a Developer, never Owner', () => {
    const control = roleControl(admin, { userId: 'x', role: 'developer' }, 1);
    if (control.kind !== 'select') throw new Error('expected a select');
    expect(control.disabled).toBeNull();
    expect(control.options.map((o) => o.role)).toEqual(['admin', 'developer', 'designer', 'support', 'viewer']);
    expect(control.options.every((o) => o.refusal === null)).toBe(true);
  });

  it("disables an Owner's role for an Admin, and the last Owner's own, with the reason", () => {
    const byAdmin = roleControl(admin, owner, 1);
    expect(byAdmin).toMatchObject({ kind: 'select', disabled: MEMBERSHIP_MESSAGES.changeAboveYou });
    const ownSelf = roleControl(owner, owner, 1);
    expect(ownSelf).toMatchObject({ kind: 'select', disabled: MEMBERSHIP_MESSAGES.lastOwnerStepsDown });
    expect(roleControl(owner, owner, 2)).toMatchObject({ kind: 'select', disabled: null });
  });

  it('says leaving for oneself, and why the last Owner cannot', () => {
    expect(removeControl(designer, designer, 1)).toEqual({ leaving: true, refusal: null, roleWide: false });
    expect(removeControl(owner, owner, 1)).toEqual({
      leaving: true,
      refusal: MEMBERSHIP_MESSAGES.lastOwnerLeaves,
      roleWide: false,
    });
    expect(removeControl(designer, admin, 1)).toEqual({
      leaving: false,
      refusal: MEMBERSHIP_MESSAGES.removeNotAllowed,
      roleWide: true,
    });
    expect(removeControl(admin, owner, 1).refusal).toBe(MEMBERSHIP_MESSAGES.removeAboveYou);
  });

  it('offers transfers to the Owner only, and invitations at or below the role', () => {
    expect(mayTransferTo(owner, admin)).toBe(true);
    expect(mayTransferTo(owner, owner)).toBe(false);
    expect(mayTransferTo(admin, designer)).toBe(false);
    expect(invitableRoles('owner')).toEqual(['admin', 'developer', 'designer', 'support', 'viewer']);
    expect(invitableRoles('designer')).toEqual(['designer', 'support', 'viewer']);
    expect(inviteRefusal('admin')).toBeNull();
    expect(inviteRefusal('designer')).toBe('Designers cannot invite members. Ask an Admin or Owner.');
  });
});
