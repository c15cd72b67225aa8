import { z } from 'zod';

/**
 * A member's role in a studio, highest first. Each role holds every right of the roles after it plus its own
 * (./permissions.ts), so comparing two roles is comparing their places in this list.
 */
export const STUDIO_ROLES = ['owner', 'admin', 'developer', 'designer', 'support', 'viewer'] as const;
export type StudioRole = (typeof STUDIO_ROLES)[number];

export const ROLE_LABELS: Record<StudioRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  designer: 'Designer',
  support: 'Support',
  viewer: 'Viewer',
};

/** How a sentence names the members of a role ("Designers cannot…"): "Supports" is not a word. */
export const ROLE_PLURALS: Record<StudioRole, string> = {
  owner: 'Owners',
  admin: 'Admins',
  developer: 'Developers',
  designer: 'Designers',
  support: 'Support members',
  viewer: 'Viewers',
};

/** One line each, shown beside the role on the Team page and in the invitation form's role picker. */
export const ROLE_DESCRIPTIONS: Record<StudioRole, string> = {
  owner: 'Everything an Admin does, plus deleting the studio and transferring its ownership.',
  admin: 'Everything a Developer does, plus inviting and managing members, deleting games and renaming the studio.',
  developer:
    'Everything a Designer does, plus creating games and managing their runtime settings, server secrets and webhooks.',
  designer: 'Everything Support does, plus editing and publishing content (items, packs, segments, layouts…).',
  support:
    'Everything a Viewer does, plus the Players tab’s actions: granting packs, resetting progress, setting streaks.',
  viewer: 'Sees the studio’s games and everything in them, except their secrets. Changes nothing.',
};

export const ROLE_MESSAGES = {
  roleInvalid: `A role is one of ${STUDIO_ROLES.join(', ')}.`,
} as const;

export const studioRoleSchema = z.enum(STUDIO_ROLES, { error: ROLE_MESSAGES.roleInvalid });

/** A role's place from the bottom: viewer 0 … owner 5, so a higher role has a larger rank. */
export function roleRank(role: StudioRole): number {
  return STUDIO_ROLES.length - 1 - STUDIO_ROLES.indexOf(role);
}

/** "a Developer", "an Admin": the article a sentence needs before a role's label. */
export function withArticle(role: StudioRole): string {
  const label = ROLE_LABELS[role];
  return `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
}
