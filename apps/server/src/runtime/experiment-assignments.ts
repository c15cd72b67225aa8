import { assignVariant } from '@liveops/domain/experiments';
import { BoundedCache } from '../cache/bounded-cache';
import type { Db } from '../db/database';
import type { RuntimeExperiment } from './runtime-games';
import { prepared } from '../db/statements';

const MAX_ENTRIES = 200_000;

/**
 * Players' variants of the live releases' experiments (decision 046). A player's first assignment is stored
 * (experiment_assignment, written once: ON CONFLICT DO NOTHING) and never changes, so this instance keeps what it
 * read or wrote without expiry: a list or claim of a player it knows costs no statement; one it does not know
 * costs one (insert the hash's variant, or read the one stored first by any instance). Bounded (cache/bounded-cache.ts).
 */
export type ExperimentAssignments = {
  variantOf: (gameId: string, playerRef: string, experiment: RuntimeExperiment, now: number) => Promise<string>;
  /** The player's stored variant, without assigning one (what the popup's events count in); null when none. */
  storedVariantOf: (playerRef: string, experimentId: string) => Promise<string | null>;
};

export function createExperimentAssignments(db: Db, maxEntries = MAX_ENTRIES): ExperimentAssignments {
  const variants = new BoundedCache<string, string>({ capacity: maxEntries });
  const remember = (key: string, variantId: string) => variants.set(key, variantId);
  return {
    async variantOf(gameId, playerRef, experiment, now) {
      const key = `${experiment.id}\u0000${playerRef}`;
      const known = variants.get(key);
      if (known !== undefined) return known;
      // The hash's variant under the release's weights (the player's runtime id: stable for the game's player).
      const assigned = assignVariant(experiment.id, playerRef, experiment.variants).id;
      // One statement: the insert's row, or (when another request stored one first) the stored row, which the
      // statement's snapshot still shows.
      const [row] = await prepared(
        db,
        'runtime_experiment_assign',
        `with inserted as (
           insert into experiment_assignment (game_id, experiment_id, player_ref, variant_id, assigned_at)
           values ($1, $2, $3, $4, $5)
           on conflict (experiment_id, player_ref) do nothing
           returning variant_id)
         select variant_id from inserted
         union all
         select variant_id from experiment_assignment where experiment_id = $2 and player_ref = $3
         limit 1`,
        [gameId, experiment.id, playerRef, assigned, new Date(now).toISOString()],
      );
      // None only when another request's insert committed during this statement: it stored the same hash's
      // variant (unless a publish changed the weights in between), so answer that and read it next time.
      if (row?.variant_id == null) return assigned;
      const variantId = String(row.variant_id);
      remember(key, variantId);
      return variantId;
    },
    async storedVariantOf(playerRef, experimentId) {
      const key = `${experimentId}\u0000${playerRef}`;
      const known = variants.get(key);
      if (known !== undefined) return known;
      const [row] = await prepared(
        db,
        'runtime_experiment_stored',
        'select variant_id from experiment_assignment where experiment_id = $1 and player_ref = $2',
        [experimentId, playerRef],
      );
      if (row?.variant_id == null) return null;
      const variantId = String(row.variant_id);
      remember(key, variantId);
      return variantId;
    },
  };
}
