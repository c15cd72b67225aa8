import { ROLE_LABELS, ROLE_PLURALS, STUDIO_ROLES, type StudioRole, withArticle } from './studio-role';

/**
 * What a member may do in a studio. Routes guard with these names, never with roles, so a role's rights are
 * read in one place: the matrix below. Kept small: a permission is a separate name only where some role holds
 * one and not the other.
 */
export const PERMISSIONS = [
  'games.read',
  'players.read',
  'activity.read',
  'players.act',
  'content.edit',
  'releases.publish',
  'games.settings',
  'games.create',
  'runtime.settings',
  'secrets.read',
  'webhooks.manage',
  'games.delete',
  'members.invite',
  'members.manage',
  'studio.update',
  'studio.delete',
  'studio.transfer',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The name the docs and the Team page give a permission. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'games.read': 'See games and everything in them, except secrets',
  'players.read': 'See players, their ledgers and support history',
  'activity.read': 'See the activity log',
  'players.act': 'Players tab actions: grant a pack, reset progress, set a streak',
  'content.edit': 'Edit content: assets, items, packs, segments, daily rewards, layouts, experiments, test players',
  'releases.publish': 'Publish, roll back, make a release live',
  'games.settings': 'Edit a game’s profile: name, description, platforms, orientation, theme',
  'games.create': 'Create and duplicate games',
  'runtime.settings': 'Runtime settings: SDK key, server secret rotation, signed player ids, custom attributes',
  'secrets.read': 'See a game’s server secret',
  'webhooks.manage': 'Add, change and remove webhooks',
  'games.delete': 'Delete games',
  'members.invite': 'Invite members and withdraw invitations',
  'members.manage': 'Change members’ roles and game access, remove members',
  'studio.update': 'Rename the studio',
  'studio.delete': 'Delete the studio',
  'studio.transfer': 'Transfer the studio’s ownership',
};

/** What a permission lets one do, as the end of "Designers cannot …" (./permissions.ts cannotReason). */
export const PERMISSION_ACTIONS: Record<Permission, string> = {
  'games.read': 'see this studio’s games',
  'players.read': 'see players',
  'activity.read': 'see the activity log',
  'players.act': 'take support actions on players',
  'content.edit': 'edit content',
  'releases.publish': 'publish releases',
  'games.settings': 'change a game’s profile',
  'games.create': 'create games',
  'runtime.settings': 'change runtime settings',
  'secrets.read': 'see the server secret',
  'webhooks.manage': 'manage webhooks',
  'games.delete': 'delete games',
  'members.invite': 'invite members',
  'members.manage': 'change or remove members',
  'studio.update': 'rename the studio',
  'studio.delete': 'delete the studio',
  'studio.transfer': 'transfer the studio’s ownership',
};

/**
 * What each role adds to the role below it (decision 064 says where each right sits and why): creating games and
 * webhooks sit with the runtime settings (Developer), deleting a game with the members (Admin).
 */
export const ROLE_ADDS: Record<StudioRole, readonly Permission[]> = {
  viewer: ['games.read', 'players.read', 'activity.read'],
  support: ['players.act'],
  designer: ['content.edit', 'releases.publish', 'games.settings'],
  developer: ['games.create', 'runtime.settings', 'secrets.read', 'webhooks.manage'],
  admin: ['games.delete', 'members.invite', 'members.manage', 'studio.update'],
  owner: ['studio.delete', 'studio.transfer'],
};

/** A role's own additions and everything of every role below it, in PERMISSIONS order. */
function heldBy(role: StudioRole): readonly Permission[] {
  const held = new Set(STUDIO_ROLES.slice(STUDIO_ROLES.indexOf(role)).flatMap((below) => ROLE_ADDS[below]));
  return PERMISSIONS.filter((permission) => held.has(permission));
}

export const ROLE_PERMISSIONS: Record<StudioRole, readonly Permission[]> = {
  owner: heldBy('owner'),
  admin: heldBy('admin'),
  developer: heldBy('developer'),
  designer: heldBy('designer'),
  support: heldBy('support'),
  viewer: heldBy('viewer'),
};

export function can(role: StudioRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles that hold a permission, highest first. */
export function rolesThatCan(permission: Permission): StudioRole[] {
  return STUDIO_ROLES.filter((role) => can(role, permission));
}

/** "a Developer, Admin or Owner": who to ask, lowest first, as the sentence reads. */
function whoToAsk(roles: readonly StudioRole[]): string {
  const [first, ...rest] = [...roles].reverse();
  if (first === undefined) return 'nobody';
  const labels = [withArticle(first), ...rest.map((role) => ROLE_LABELS[role])];
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)!}`;
}

/**
 * The sentence a disabled control shows to a role that lacks the permission (and the server's refusal if the
 * request is sent anyway), or null when the role holds it. Built only from the constants above, so a test or an
 * e2e run compares against the same text: "Designers cannot change runtime settings. Ask a Developer, Admin or
 * Owner."
 */
export function cannotReason(role: StudioRole, permission: Permission): string | null {
  if (can(role, permission)) return null;
  return `${ROLE_PLURALS[role]} cannot ${PERMISSION_ACTIONS[permission]}. Ask ${whoToAsk(rolesThatCan(permission))}.`;
}
