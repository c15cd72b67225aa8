import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../accounts/messages';
import { INVITABLE_ROLES, INVITATION_GAMES_MAX, INVITATION_MESSAGES, InvitationInputSchema } from './invitation';
import { MEMBERSHIP_MESSAGES } from './membership-rules';
import { ROLE_MESSAGES, STUDIO_ROLES } from './studio-role';

function firstMessage(input: unknown) {
  return InvitationInputSchema.safeParse(input).error?.issues[0]?.message;
}

describe('InvitationInputSchema', () => {
  it('trims and lowercases the email', () => {
    expect(InvitationInputSchema.parse({ email: '  Ada@Example.COM ', role: 'designer' })).toEqual({
      email: 'ada@example.com',
      role: 'designer',
    });
  });

  it('refuses a missing or malformed email with the sign-in page’s words', () => {
    expect(firstMessage({ email: '  ', role: 'viewer' })).toBe(AUTH_MESSAGES.emailRequired);
    expect(firstMessage({ email: 'ada@', role: 'viewer' })).toBe(AUTH_MESSAGES.emailInvalid);
    expect(firstMessage({ role: 'viewer' })).toBe(AUTH_MESSAGES.emailRequired);
  });

  it('gives every role but owner, and says why not owner', () => {
    expect(INVITABLE_ROLES).toEqual(STUDIO_ROLES.filter((role) => role !== 'owner'));
    for (const role of INVITABLE_ROLES) expect(InvitationInputSchema.parse({ email: 'a@b.co', role }).role).toBe(role);
    expect(firstMessage({ email: 'a@b.co', role: 'owner' })).toBe(MEMBERSHIP_MESSAGES.inviteAsOwner);
    expect(firstMessage({ email: 'a@b.co', role: 'root' })).toBe(ROLE_MESSAGES.roleInvalid);
    expect(firstMessage({ email: 'a@b.co' })).toBe(ROLE_MESSAGES.roleInvalid);
  });

  it('takes an optional list of distinct games, one to 200', () => {
    const valid = { email: 'a@b.co', role: 'support' };
    expect(InvitationInputSchema.parse({ ...valid, gameIds: ['g1', 'g2'] }).gameIds).toEqual(['g1', 'g2']);
    expect(firstMessage({ ...valid, gameIds: [] })).toBe(INVITATION_MESSAGES.gamesEmpty);
    expect(firstMessage({ ...valid, gameIds: 'g1' })).toBe(INVITATION_MESSAGES.gamesInvalid);
    expect(firstMessage({ ...valid, gameIds: ['g1', 'g1'] })).toBe(INVITATION_MESSAGES.gamesRepeated);
    expect(firstMessage({ ...valid, gameIds: [''] })).toBe(INVITATION_MESSAGES.gameIdInvalid);
    expect(firstMessage({ ...valid, gameIds: [7] })).toBe(INVITATION_MESSAGES.gameIdInvalid);
    const many = Array.from({ length: INVITATION_GAMES_MAX + 1 }, (_, index) => `g${index}`);
    expect(firstMessage({ ...valid, gameIds: many })).toBe(INVITATION_MESSAGES.gamesTooMany);
    expect(InvitationInputSchema.safeParse({ ...valid, gameIds: many.slice(1) }).success).toBe(true);
  });

  it('refuses any other field, so a body cannot carry a role or right the form does not send', () => {
    expect(InvitationInputSchema.safeParse({ email: 'a@b.co', role: 'viewer', owner: true }).success).toBe(false);
  });
});
