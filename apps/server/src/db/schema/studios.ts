import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StudioRole } from '@liveops/domain/teams';
import { userRef } from './accounts';
import { timestamptz } from './columns';

/**
 * A studio (decision 064): it owns games and has members. Better Auth's organization plugin keeps these three
 * tables (its models organization, member and invitation, under our names); the owner columns of every game
 * table (`owner_id`) hold the owning studio's id. A studio made from an account that existed before studios
 * has that account's id as its own, so no owner value changed.
 */
export const studio = pgTable('studio', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A studio's id on a row that goes with the studio (deleting the studio deletes the row). */
export const studioRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => studio.id, { onDelete: 'cascade' });

/** A person in a studio, with one role. */
export const studioMember = pgTable(
  'studio_member',
  {
    id: text('id').primaryKey(),
    organizationId: studioRef('studio_id'),
    userId: userRef('user_id'),
    role: text('role').$type<StudioRole>().notNull(),
    /** The games the member may reach; null for all of the studio's (decision 065). */
    gameIds: jsonb('game_ids').$type<string[]>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('studio_member_studio_user_idx').on(t.organizationId, t.userId),
    index('studio_member_user_idx').on(t.userId),
  ],
);

/**
 * An invitation to a studio by email, with the role it gives (and the games, when only some). Its id is the secret
 * of the emailed link: 192 random bits. Never deleted by a route: revoked, accepted or expired, it says so.
 */
export const studioInvitation = pgTable(
  'studio_invitation',
  {
    id: text('id').primaryKey(),
    organizationId: studioRef('studio_id'),
    email: text('email').notNull(),
    role: text('role').$type<StudioRole>().notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'rejected' | 'canceled'>().notNull().default('pending'),
    inviterId: userRef('inviter_id'),
    gameIds: jsonb('game_ids').$type<string[]>(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When it was last sent (made or resent): resending moves the expiry to 7 days from then. */
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('studio_invitation_studio_idx').on(t.organizationId, t.status),
    index('studio_invitation_email_idx').on(t.email),
  ],
);
