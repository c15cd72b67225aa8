import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { personalStudioName, type StudioRole } from '@liveops/domain/teams';
import type { Db } from '../db/database';
import { studio, studioMember } from '../db/schema';

/** A studio the signed-in person belongs to, with their role in it. */
export type Membership = {
  studioId: string;
  name: string;
  role: StudioRole;
  /** The games they may reach; null for all of the studio's. */
  gameIds: string[] | null;
  joinedAt: Date;
};

/** Every studio a person belongs to, the oldest membership first (the one shown when none was chosen). */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  return db
    .select({
      studioId: studioMember.organizationId,
      name: studio.name,
      role: studioMember.role,
      gameIds: studioMember.gameIds,
      joinedAt: studioMember.createdAt,
    })
    .from(studioMember)
    .innerJoin(studio, eq(studio.id, studioMember.organizationId))
    .where(eq(studioMember.userId, userId))
    .orderBy(asc(studioMember.createdAt), asc(studioMember.id));
}

/** A person's membership of one studio, or null when they are not in it. */
export async function membershipIn(db: Db, userId: string, studioId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      studioId: studioMember.organizationId,
      name: studio.name,
      role: studioMember.role,
      gameIds: studioMember.gameIds,
      joinedAt: studioMember.createdAt,
    })
    .from(studioMember)
    .innerJoin(studio, eq(studio.id, studioMember.organizationId))
    .where(and(eq(studioMember.userId, userId), eq(studioMember.organizationId, studioId)));
  return row ?? null;
}

/**
 * A studio of its own for a person, who owns it: made when an account is created, and when someone who left
 * every studio creates a game. Its id is new (only the migration gave studios their account's id).
 */
export async function createPersonalStudio(db: Db, person: { id: string; name: string; email: string }) {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(studio).values({ id, name: personalStudioName(person), slug: id });
    await tx.insert(studioMember).values({ id: randomUUID(), organizationId: id, userId: person.id, role: 'owner' });
  });
  return id;
}

/**
 * The studio a session shows: the one it chose, while the person is still in it; else their oldest. Null for
 * someone in no studio at all.
 */
export async function activeMembership(
  db: Db,
  userId: string,
  chosen: string | null | undefined,
): Promise<{ active: Membership | null; all: Membership[] }> {
  const all = await membershipsOf(db, userId);
  const active = all.find((m) => m.studioId === chosen) ?? all[0] ?? null;
  return { active, all };
}

/** How many owners a studio has (the last one can neither leave nor be demoted). */
export async function ownersOf(db: Db, studioId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(studioMember)
    .where(and(eq(studioMember.organizationId, studioId), eq(studioMember.role, 'owner')));
  return row?.n ?? 0;
}
