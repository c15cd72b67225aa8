import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type {
  Experiment,
  ExperimentSummary,
  ExperimentVariant,
  ExperimentVariantState,
} from '@liveops/domain/experiments';
import type { LayoutNode } from '@liveops/domain/layout';
import type { Db } from '../db/database';
import { dailyReward, experiment, experimentVariant } from '../db/schema';
import { databaseErrorCode } from '../db/database-errors';
import { inScope, type GameScope } from '../games/game-scope';
import { presentDailyReward, type DailyRewardRow } from '../daily-rewards/daily-rewards';

/*
 * A/B tests of a config's popup (decision 046): start, edit, a variant's layout, promote, end,
 * history. The first variant is the control, whose layout is the config's own; the others carry their own layout
 * and version. What players get changes only at the next Publish (the release carries the variants' pages).
 */

type ExperimentRow = typeof experiment.$inferSelect;
type VariantRow = typeof experimentVariant.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A new experiment's id: a new start is a new id, so everyone is reshuffled (decision 042). */
export const newExperimentId = () => `exp_${randomBytes(9).toString('base64url')}`;

function presentVariant(row: VariantRow): ExperimentVariantState {
  const control = row.position === 0;
  return {
    id: row.variantId,
    name: row.name,
    weight: row.weight,
    control,
    uiLayout: control ? null : (row.uiLayout ?? null),
    layoutVersion: control ? 0 : row.layoutVersion,
  };
}

function presentExperiment(
  row: ExperimentRow,
  variants: readonly VariantRow[],
  config?: Pick<DailyRewardRow, 'layoutVersion'>,
): Experiment {
  return {
    id: row.id,
    status: 'running',
    startedAt: row.startedAt.toISOString(),
    variants: [...variants]
      .sort((a, b) => a.position - b.position)
      .map((variant) => {
        const shown = presentVariant(variant);
        // The control's version is the config's: its layout is the config's.
        return shown.control && config ? { ...shown, layoutVersion: config.layoutVersion } : shown;
      }),
  };
}

/** The variants of these experiments, in their order. */
const variantsOf = (db: Db | Tx, experiments: readonly { id: string }[]) =>
  db
    .select()
    .from(experimentVariant)
    .where(
      inArray(
        experimentVariant.experimentId,
        experiments.map((row) => row.id),
      ),
    )
    .orderBy(asc(experimentVariant.position));

/** The running experiments of these configs: one statement, two when any runs, none without configs. */
export async function runningExperiments(
  db: Db | Tx,
  configs: readonly Pick<DailyRewardRow, 'id' | 'layoutVersion'>[],
): Promise<Map<string, Experiment>> {
  const found = new Map<string, Experiment>();
  if (configs.length === 0) return found;
  const rows = await db
    .select()
    .from(experiment)
    .where(
      and(
        inArray(
          experiment.configId,
          configs.map((config) => config.id),
        ),
        eq(experiment.status, 'running'),
      ),
    );
  if (rows.length === 0) return found;
  const variants = await variantsOf(db, rows);
  const byConfig = new Map(configs.map((config) => [config.id, config]));
  for (const row of rows) {
    const own = variants.filter((variant) => variant.experimentId === row.id);
    found.set(row.configId, presentExperiment(row, own, byConfig.get(row.configId)));
  }
  return found;
}

/** A config as the API shows it, with its running experiment. */
export async function presentConfig(db: Db | Tx, row: DailyRewardRow): Promise<DailyReward> {
  const running = await runningExperiments(db, [row]);
  return { ...presentDailyReward(row), experiment: running.get(row.id) ?? null };
}

/** Configs as presentDailyReward shows them, given their running experiments. */
export async function withExperiments(db: Db, configs: readonly DailyReward[]): Promise<DailyReward[]> {
  const running = await runningExperiments(db, configs);
  return configs.map((config) => ({ ...config, experiment: running.get(config.id) ?? null }));
}

const ownConfig = (scope: GameScope, id: string) => and(eq(dailyReward.id, id), inScope(dailyReward, scope));

/** The owner's config and its running experiment, locked for this transaction's change. */
async function lockedRunning(tx: Tx, scope: GameScope, configId: string) {
  const [config] = await tx.select().from(dailyReward).where(ownConfig(scope, configId)).for('update');
  if (!config) return { kind: 'not-found' as const };
  const [running] = await tx
    .select()
    .from(experiment)
    .where(and(eq(experiment.configId, config.id), eq(experiment.status, 'running')))
    .for('update');
  if (!running) return { kind: 'not-running' as const, config };
  const variants = await tx
    .select()
    .from(experimentVariant)
    .where(eq(experimentVariant.experimentId, running.id))
    .orderBy(asc(experimentVariant.position));
  return { kind: 'running' as const, config, running, variants };
}

export type ExperimentOutcome =
  | { kind: 'not-found' }
  | { kind: 'not-running' }
  | { kind: 'running' }
  | { kind: 'variant-live'; variantId: string }
  | { kind: 'variant-order' }
  | { kind: 'variant-not-found' }
  | { kind: 'layout-conflict'; current: DailyReward }
  | { kind: 'experiment'; config: DailyRewardRow; experiment: Experiment }
  | { kind: 'config'; config: DailyRewardRow; presented: DailyReward };

/** A variant added to an experiment starts as a copy of the config's layout (the control's). */
const variantValues = (experimentId: string, config: DailyRewardRow, variant: ExperimentVariant, position: number) => ({
  experimentId,
  variantId: variant.id,
  position,
  name: variant.name,
  weight: variant.weight,
  uiLayout: position === 0 ? null : (config.uiLayout ?? null),
  layoutVersion: 0,
});

export async function startExperiment(
  db: Db,
  scope: GameScope,
  configId: string,
  variants: readonly ExperimentVariant[],
  now: number,
): Promise<ExperimentOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [config] = await tx.select().from(dailyReward).where(ownConfig(scope, configId)).for('update');
      if (!config) return { kind: 'not-found' as const };
      const id = newExperimentId();
      const [row] = await tx
        .insert(experiment)
        .values({ id, ...scope, configId: config.id, status: 'running', startedAt: new Date(now) })
        .onConflictDoNothing()
        .returning();
      if (!row) return { kind: 'running' as const };
      const written = await tx
        .insert(experimentVariant)
        .values(variants.map((variant, position) => variantValues(id, config, variant, position)))
        .returning();
      return { kind: 'experiment' as const, config, experiment: presentExperiment(row, written, config) };
    });
  } catch (error) {
    // Two starts at once: the partial unique index lets one through.
    if (databaseErrorCode(error) === '23505') return { kind: 'running' };
    throw error;
  }
}

/**
 * Rename, reweight, add. The current variants come first in their order (the first stays the control); one left
 * out is refused (players are assigned to it). Weights change only where new players go: a stored assignment stays.
 */
export function updateExperiment(
  db: Db,
  scope: GameScope,
  configId: string,
  variants: readonly ExperimentVariant[],
): Promise<ExperimentOutcome> {
  return db.transaction((tx) => updateExperimentIn(tx, scope, configId, variants));
}

/** updateExperiment inside the caller's transaction (the Daily Rewards panel's one save, decision 055). */
export async function updateExperimentIn(
  tx: Tx,
  scope: GameScope,
  configId: string,
  variants: readonly ExperimentVariant[],
): Promise<ExperimentOutcome> {
  const found = await lockedRunning(tx, scope, configId);
  if (found.kind !== 'running') return { kind: found.kind };
  const { config, running } = found;
  const sent = new Set(variants.map((variant) => variant.id));
  const missing = found.variants.find((variant) => !sent.has(variant.variantId));
  if (missing) return { kind: 'variant-live' as const, variantId: missing.variantId };
  if (found.variants.some((variant, index) => variants[index]?.id !== variant.variantId)) {
    return { kind: 'variant-order' as const };
  }
  for (const [position, variant] of variants.entries()) {
    const current = found.variants[position];
    if (current) {
      if (current.name !== variant.name || current.weight !== variant.weight) {
        await tx
          .update(experimentVariant)
          .set({ name: variant.name, weight: variant.weight })
          .where(and(eq(experimentVariant.experimentId, running.id), eq(experimentVariant.variantId, variant.id)));
      }
    } else {
      await tx.insert(experimentVariant).values(variantValues(running.id, config, variant, position));
    }
  }
  await tx.update(experiment).set({ updatedAt: new Date() }).where(eq(experiment.id, running.id));
  const after = await tx.select().from(experimentVariant).where(eq(experimentVariant.experimentId, running.id));
  return { kind: 'experiment' as const, config, experiment: presentExperiment(running, after, config) };
}

/** The config's layout save (PUT …/layout and the control's): one statement, the version check part of the write. */
export async function saveConfigLayout(
  db: Db | Tx,
  scope: GameScope,
  configId: string,
  uiLayout: LayoutNode,
  baseVersion: number | undefined,
): Promise<
  { kind: 'saved'; row: DailyRewardRow } | { kind: 'not-found' } | { kind: 'conflict'; current: DailyReward }
> {
  const [row] = await db
    .update(dailyReward)
    .set({ uiLayout, layoutVersion: sql`${dailyReward.layoutVersion} + 1`, updatedAt: new Date() })
    .where(
      baseVersion === undefined
        ? ownConfig(scope, configId)
        : and(ownConfig(scope, configId), eq(dailyReward.layoutVersion, baseVersion)),
    )
    .returning();
  if (row) return { kind: 'saved', row };
  const [current] = await db.select().from(dailyReward).where(ownConfig(scope, configId));
  if (!current) return { kind: 'not-found' };
  return { kind: 'conflict', current: await presentConfig(db, current) };
}

/** A variant's layout save: the control's is the config's; another's is its own, with the same version check. */
export async function saveVariantLayout(
  db: Db,
  scope: GameScope,
  configId: string,
  variantId: string,
  uiLayout: LayoutNode,
  baseVersion: number | undefined,
): Promise<ExperimentOutcome> {
  return db.transaction(async (tx) => {
    // The config and its experiment locked in the order every change takes them, so a save cannot race a promote.
    const found = await lockedRunning(tx, scope, configId);
    if (found.kind !== 'running') return { kind: found.kind };
    const { config, running } = found;
    const variant = found.variants.find((candidate) => candidate.variantId === variantId);
    if (!variant) return { kind: 'variant-not-found' as const };
    let saved = config;
    if (variant.position === 0) {
      const result = await saveConfigLayout(tx, scope, config.id, uiLayout, baseVersion);
      if (result.kind === 'not-found') return result;
      if (result.kind === 'conflict') return { kind: 'layout-conflict' as const, current: result.current };
      saved = result.row;
    } else {
      const [written] = await tx
        .update(experimentVariant)
        .set({ uiLayout, layoutVersion: sql`${experimentVariant.layoutVersion} + 1` })
        .where(
          and(
            eq(experimentVariant.experimentId, running.id),
            eq(experimentVariant.variantId, variantId),
            baseVersion === undefined ? undefined : eq(experimentVariant.layoutVersion, baseVersion),
          ),
        )
        .returning();
      if (!written) return { kind: 'layout-conflict' as const, current: await presentConfig(tx, config) };
    }
    const after = await tx.select().from(experimentVariant).where(eq(experimentVariant.experimentId, running.id));
    return { kind: 'experiment' as const, config: saved, experiment: presentExperiment(running, after, saved) };
  });
}

/**
 * Ends the running experiment: with a winner, the config's layout becomes the winner's (a new layout version; the
 * control's is already the config's); without, the config's layout stays. Players see it at the next Publish.
 */
export async function endExperiment(
  db: Db,
  scope: GameScope,
  configId: string,
  winnerVariantId: string | null,
  now: number,
): Promise<ExperimentOutcome> {
  return db.transaction(async (tx) => {
    const found = await lockedRunning(tx, scope, configId);
    if (found.kind !== 'running') return { kind: found.kind };
    let { config } = found;
    if (winnerVariantId !== null) {
      const winner = found.variants.find((variant) => variant.variantId === winnerVariantId);
      if (!winner) return { kind: 'variant-not-found' as const };
      if (winner.position !== 0) {
        const [updated] = await tx
          .update(dailyReward)
          .set({
            uiLayout: winner.uiLayout,
            layoutVersion: sql`${dailyReward.layoutVersion} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(dailyReward.id, config.id))
          .returning();
        if (updated) config = updated;
      }
    }
    await tx
      .update(experiment)
      .set({ status: 'ended', endedAt: new Date(now), winnerVariantId, updatedAt: new Date() })
      .where(eq(experiment.id, found.running.id));
    return { kind: 'config' as const, config, presented: { ...presentDailyReward(config), experiment: null } };
  });
}

/** A config's experiments, newest first, for the analytics (null when the config is not the owner's). */
export async function experimentHistory(
  db: Db,
  scope: GameScope,
  configId: string,
): Promise<ExperimentSummary[] | null> {
  const [config] = await db.select({ id: dailyReward.id }).from(dailyReward).where(ownConfig(scope, configId));
  if (!config) return null;
  const rows = await db
    .select()
    .from(experiment)
    .where(eq(experiment.configId, config.id))
    .orderBy(desc(experiment.startedAt), desc(experiment.createdAt), desc(experiment.id));
  if (rows.length === 0) return [];
  const variants = await variantsOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    winnerVariantId: row.winnerVariantId,
    variants: variants
      .filter((variant) => variant.experimentId === row.id)
      .map((variant) => ({
        id: variant.variantId,
        name: variant.name,
        weight: variant.weight,
        control: variant.position === 0,
      })),
  }));
}
