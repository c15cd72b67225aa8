import { describe, expect, it } from 'vitest';
import {
  can,
  cannotReason,
  PERMISSIONS,
  type Permission,
  PERMISSION_ACTIONS,
  PERMISSION_LABELS,
  ROLE_ADDS,
  ROLE_PERMISSIONS,
  rolesThatCan,
} from './permissions';
import { ROLE_LABELS, roleRank, STUDIO_ROLES, studioRoleSchema } from './studio-role';

describe('the role matrix', () => {
  it('gives every permission of a lower role to every higher role', () => {
    // Six roles and seventeen permissions: every case is checked, not a sample.
    for (const lower of STUDIO_ROLES)
      for (const higher of STUDIO_ROLES.filter((role) => roleRank(role) > roleRank(lower)))
        for (const permission of ROLE_PERMISSIONS[lower])
          expect(can(higher, permission), `${higher} ${permission}`).toBe(true);
  });

  it('adds each permission at exactly one role, so every permission is held by someone', () => {
    const added = STUDIO_ROLES.flatMap((role) => ROLE_ADDS[role]);
    expect([...added].sort()).toEqual([...PERMISSIONS].sort());
    for (const permission of PERMISSIONS) expect(rolesThatCan(permission)).toContain('owner');
  });

  it('reads as the ladder of docs/teams.md', () => {
    expect(ROLE_PERMISSIONS.viewer).toEqual(['games.read', 'players.read', 'activity.read']);
    expect(rolesThatCan('players.act')).toEqual(['owner', 'admin', 'developer', 'designer', 'support']);
    expect(rolesThatCan('content.edit')).toEqual(['owner', 'admin', 'developer', 'designer']);
    expect(rolesThatCan('releases.publish')).toEqual(['owner', 'admin', 'developer', 'designer']);
    expect(rolesThatCan('runtime.settings')).toEqual(['owner', 'admin', 'developer']);
    expect(rolesThatCan('secrets.read')).toEqual(['owner', 'admin', 'developer']);
    expect(rolesThatCan('members.invite')).toEqual(['owner', 'admin']);
    expect(rolesThatCan('games.delete')).toEqual(['owner', 'admin']);
    expect(rolesThatCan('studio.transfer')).toEqual(['owner']);
    expect(rolesThatCan('studio.delete')).toEqual(['owner']);
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
  });

  it('keeps secrets from Viewers, Support and Designers, though they read everything else', () => {
    for (const role of ['viewer', 'support', 'designer'] as const) {
      expect(can(role, 'games.read')).toBe(true);
      expect(can(role, 'secrets.read')).toBe(false);
    }
  });

  it('lists each role’s permissions in the order of PERMISSIONS, once each', () => {
    for (const role of STUDIO_ROLES) {
      const held = ROLE_PERMISSIONS[role];
      expect(held).toEqual(PERMISSIONS.filter((permission) => held.includes(permission)));
    }
  });

  it('labels every permission and names what it lets one do', () => {
    for (const permission of PERMISSIONS) {
      expect(PERMISSION_LABELS[permission]).toMatch(/^[A-Z]/);
      expect(PERMISSION_ACTIONS[permission]).toMatch(/^[a-z]/);
    }
  });
});

describe('cannotReason', () => {
  it('says who to ask, in plain English, exactly', () => {
    const cases: [Parameters<typeof cannotReason>[0], Permission, string][] = [
      ['designer', 'runtime.settings', 'Designers cannot change runtime settings. Ask a Developer, Admin or Owner.'],
      [
        'viewer',
        'players.act',
        'Viewers cannot take support actions on players. Ask a Support, Designer, Developer, Admin or Owner.',
      ],
      ['support', 'content.edit', 'Support members cannot edit content. Ask a Designer, Developer, Admin or Owner.'],
      ['developer', 'members.invite', 'Developers cannot invite members. Ask an Admin or Owner.'],
      ['admin', 'studio.delete', 'Admins cannot delete the studio. Ask an Owner.'],
    ];
    for (const [role, permission, reason] of cases) expect(cannotReason(role, permission)).toBe(reason);
  });

  it('is null exactly when the role holds the permission, and names only roles that hold it', () => {
    for (const role of STUDIO_ROLES)
      for (const permission of PERMISSIONS) {
        const reason = cannotReason(role, permission);
        expect(reason === null).toBe(can(role, permission));
        if (reason === null) continue;
        const asked = reason.slice(reason.indexOf('. Ask ') + 6);
        for (const other of STUDIO_ROLES) expect(asked.includes(ROLE_LABELS[other])).toBe(can(other, permission));
      }
  });
});

describe('studioRoleSchema', () => {
  it('takes the six roles and names them when given anything else', () => {
    for (const role of STUDIO_ROLES) expect(studioRoleSchema.parse(role)).toBe(role);
    for (const wrong of ['Owner', 'superadmin', '', 3, null]) {
      const result = studioRoleSchema.safeParse(wrong);
      expect(result.error?.issues[0]?.message).toBe(
        'A role is one of owner, admin, developer, designer, support, viewer.',
      );
    }
  });
});
