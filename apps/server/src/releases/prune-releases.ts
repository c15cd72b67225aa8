import { and, desc, eq } from 'drizzle-orm';
import { RELEASES_KEPT } from '@liveops/domain/releases';
import { release } from '../db/schema';
import type { GameScope } from '../games/game-scope';
import { releasePrefix } from '../storage/release-keys';
import { removePrefix } from './recover';
import type { ReleaseDeps } from './release-deps';
import { ownReleases } from './release-rows';

/** The newest RELEASES_KEPT releases stay, and the live one; older rows go, then their files. */
export async function pruneReleases(deps: ReleaseDeps, scope: GameScope): Promise<void> {
  const rows = await deps.db
    .select({ id: release.id, version: release.version, live: release.live })
    .from(release)
    .where(ownReleases(scope))
    .orderBy(desc(release.version));
  const old = rows.slice(RELEASES_KEPT).filter((row) => !row.live);
  for (const row of old) {
    const prefix = releasePrefix(scope.gameId, row.version);
    const removing = await deps.db.transaction(async (tx) => {
      await tx.delete(release).where(and(ownReleases(scope), eq(release.id, row.id)));
      return deps.intents.begin('objects', prefix, tx);
    });
    if (await removePrefix(deps, prefix)) await deps.intents.settleQuietly(removing);
  }
}
