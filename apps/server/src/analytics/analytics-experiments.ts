import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { analyticsDay } from '@liveops/domain/analytics';
import {
  compareExperimentVariants,
  experimentRollupVariantId,
  experimentVariantFigures,
  type ExperimentComparison,
  type VariantRollupTotals,
} from '@liveops/domain/experiments';
import type { Db } from '../db/database';
import { experiment, experimentVariant } from '../db/schema';
import { inScope } from '../games/game-scope';

/**
 * An experiment's comparison as the Analytics tab reads it (decision 046): its variants' rollup
 * rows (analytics_daily with variant_id `<experimentId>:<variantId>`, so a later experiment of the same config
 * never mixes with this one) summed over the days it ran, in one statement that reads rollups only, then each
 * variant compared with the control (the domain's experiment-comparison.ts).
 */

export type ExperimentComparisonScope = {
  gameId: string;
  ownerId: string;
  configId: string;
  /** A given experiment of the config; without it, the running one, else the newest ended one. */
  experimentId?: string | undefined;
  /** The server's clock: a running experiment's figures run to its UTC day. */
  now: number;
  /** Count the game's test players too; without it their rollup rows are left out (decision 053). */
  testers?: boolean;
};

/**
 * The comparison, or null when the config has no experiment (or not the one asked for): the owner's own configs
 * only, like every dashboard read.
 */
export async function readExperimentComparison(
  db: Db,
  scope: ExperimentComparisonScope,
): Promise<ExperimentComparison | null> {
  const owned = and(eq(experiment.configId, scope.configId), inScope(experiment, scope));
  const [found] = await db
    .select()
    .from(experiment)
    .where(scope.experimentId === undefined ? owned : and(owned, eq(experiment.id, scope.experimentId)))
    .orderBy(desc(sql`${experiment.status} = 'running'`), desc(experiment.startedAt), desc(experiment.id))
    .limit(1);
  if (!found) return null;
  const variants = await db
    .select({
      id: experimentVariant.variantId,
      name: experimentVariant.name,
      weight: experimentVariant.weight,
      position: experimentVariant.position,
    })
    .from(experimentVariant)
    .where(eq(experimentVariant.experimentId, found.id))
    .orderBy(asc(experimentVariant.position));
  const from = analyticsDay(found.startedAt.getTime());
  const last = found.endedAt ? analyticsDay(found.endedAt.getTime()) : analyticsDay(scope.now);
  const to = last < from ? from : last;
  const totals = await variantTotals(db, {
    gameId: scope.gameId,
    configId: scope.configId,
    rollupIds: variants.map((variant) => experimentRollupVariantId(found.id, variant.id)),
    from,
    to,
    testers: scope.testers ?? false,
  });
  const figures = variants.map((variant, at) =>
    experimentVariantFigures(
      { id: variant.id, name: variant.name, weight: variant.weight, control: at === 0 },
      totals.get(experimentRollupVariantId(found.id, variant.id)) ?? NO_FIGURES,
    ),
  );
  return {
    id: found.id,
    status: found.status,
    startedAt: found.startedAt.toISOString(),
    endedAt: found.endedAt?.toISOString() ?? null,
    winnerVariantId: found.winnerVariantId,
    from,
    to,
    variants: figures,
    comparisons: compareExperimentVariants(figures),
  };
}

const NO_FIGURES: VariantRollupTotals = { players: 0, shown: 0, claimed: 0, startedCycle: 0, reachedDay7: 0 };

/** Each variant's rollups summed over the days, one statement; a variant without rows is absent. */
async function variantTotals(
  db: Db,
  scope: { gameId: string; configId: string; rollupIds: string[]; from: string; to: string; testers: boolean },
): Promise<Map<string, VariantRollupTotals>> {
  if (!scope.rollupIds.length) return new Map();
  const ids = sql.join(
    scope.rollupIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // A day's players who saw the variant: those who reported `shown`, or more when more claimed. A day is the sum of
  // its shards' rows (decision 044), and with `testers` its test players' rows, before the greatest of the two is
  // taken.
  const result = (await db.execute(sql`
    SELECT variant_id,
      sum(greatest(shown, claimed))::bigint AS players, sum(shown)::bigint AS shown, sum(claimed)::bigint AS claimed,
      sum(cycle_day_1)::bigint AS started_cycle, sum(cycle_day_7)::bigint AS reached_day_7
    FROM (
      SELECT variant_id, sum(shown) AS shown, sum(claimed) AS claimed, sum(cycle_day_1) AS cycle_day_1,
        sum(cycle_day_7) AS cycle_day_7
      FROM analytics_daily
      WHERE game_id = ${scope.gameId} AND day BETWEEN ${scope.from}::date AND ${scope.to}::date
        AND config_id = ${scope.configId} AND variant_id IN (${ids}) ${scope.testers ? sql`` : sql`AND NOT tester`}
      GROUP BY variant_id, day) AS days
    GROUP BY variant_id`)) as unknown as { rows: Record<string, string | number>[] };
  return new Map(
    result.rows.map((row) => [
      String(row.variant_id),
      {
        players: Number(row.players),
        shown: Number(row.shown),
        claimed: Number(row.claimed),
        startedCycle: Number(row.started_cycle),
        reachedDay7: Number(row.reached_day_7),
      },
    ]),
  );
}
