import { and, desc, eq } from 'drizzle-orm';
import type { Release, Releases } from '@liveops/domain/releases';
import { PUBLISHED_PAGE_PATH } from '@liveops/domain/published';
import type { Db } from '../db/database';
import { release } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import { manifestKey } from '../storage/release-keys';
import type { ReleaseDeps } from './release-deps';

export type ReleaseRow = typeof release.$inferSelect;

/** The release rows of the scope's game, and of its owner only. */
export const ownReleases = (scope: GameScope) => inScope(release, scope);

export function presentRelease(row: ReleaseRow): Release {
  return {
    version: row.version,
    status: row.status,
    live: row.live,
    artifacts: row.artifacts,
    warnings: row.warnings,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    liveSince: row.liveSince?.toISOString() ?? null,
    publishedBy: row.publishedBy,
    note: row.note,
  };
}

/** Who published a release, as the history shows it: their name and email as they are now. */
export function publisherOf(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  return name && name !== user.email ? `${name} (${user.email})` : user.email;
}

/** The game's releases, newest first, with the addresses the modal shows. */
export async function listReleases(deps: ReleaseDeps, scope: GameScope): Promise<Releases> {
  const rows = await deps.db.select().from(release).where(ownReleases(scope)).orderBy(desc(release.version));
  return {
    pageUrl: `${deps.publicUrl}${PUBLISHED_PAGE_PATH}`,
    manifestUrl: deps.storage.publicUrl(manifestKey(scope.gameId)),
    releases: rows.map(presentRelease),
  };
}

/** The live release's row, if the game has one. */
export async function liveRelease(db: Db, scope: GameScope): Promise<ReleaseRow | undefined> {
  const [live] = await db
    .select()
    .from(release)
    .where(and(ownReleases(scope), eq(release.live, true)));
  return live;
}
