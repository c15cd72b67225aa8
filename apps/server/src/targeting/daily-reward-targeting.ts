import { and, asc, eq } from 'drizzle-orm';
import { dailyRewardArtifacts, type PublishedArtifact } from '@liveops/domain/releases';
import {
  endInPastProblem,
  explainDailyRewardSelection,
  type DailyRewardExplanation,
  type DailyRewardForPlayer,
  type DailyRewardTargeting,
  type TargetableConfig,
} from '@liveops/domain/targeting';
import { evaluateSegment } from '@liveops/domain/segments';
import type { Db } from '../db/database';
import { dailyReward, game, release, segment } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import type { DailyRewardRow } from '../daily-rewards/daily-rewards';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/*
 * A daily reward's targeting and schedule (decision 038): saving it, the segments it holds on to, and the
 * segment tester's "which daily reward would this player get now".
 */

/**
 * Which of the game's daily rewards the runtime gives a player in `matched` segments at `now`, and why, as the
 * segment tester and the Players tab show it: the live release's configs selected as the runtime selects them, the
 * rest listed as unpublished.
 */
export function explainDailyReward({
  configs,
  liveArtifacts,
  segments,
  matched,
  now,
}: {
  configs: DailyRewardRow[];
  /** The live release's artifacts (none without a live release). */
  liveArtifacts: PublishedArtifact[];
  /** The game's segments, for the selected audience's name. */
  segments: { id: string; name: string }[];
  matched: string[];
  now: number;
}): DailyRewardExplanation {
  const published = new Set(dailyRewardArtifacts(liveArtifacts).map((a) => a.id));
  const byId = new Map(configs.map((row) => [row.id, row]));
  const segmentName = new Map(segments.map((row) => [row.id, row.name]));
  const { selection, verdicts } = explainDailyRewardSelection(
    configs.filter((row) => published.has(row.id)).map(targetableOfRow),
    matched,
    now,
  );
  const chosen = selection ? byId.get(selection.config.id) : undefined;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    selected:
      selection && chosen
        ? {
            configId: chosen.id,
            name: chosen.name,
            audience:
              selection.reason.audience.kind === 'segment'
                ? {
                    kind: 'segment',
                    segmentId: selection.reason.audience.segmentId,
                    segmentName: segmentName.get(selection.reason.audience.segmentId) ?? '',
                  }
                : { kind: 'everyone' },
            startsAt: iso(selection.reason.schedule.startsAt),
            endsAt: iso(selection.reason.schedule.endsAt),
            priority: selection.reason.priority,
            decidedByAge: selection.reason.decidedByAge,
          }
        : null,
    configs: [
      ...verdicts.map(({ config, verdict }) => ({
        configId: config.id,
        name: byId.get(config.id)?.name ?? '',
        priority: config.priority,
        verdict,
      })),
      ...configs
        .filter((row) => !published.has(row.id))
        .map((row) => ({ configId: row.id, name: row.name, priority: row.priority, verdict: 'unpublished' as const })),
    ],
  };
}

/** What selection needs of a stored config (instants in milliseconds). */
export function targetableOfRow(
  row: Pick<DailyRewardRow, 'id' | 'createdAt' | 'segmentId' | 'startsAt' | 'endsAt' | 'priority' | 'enabled'>,
): TargetableConfig {
  return {
    id: row.id,
    createdAt: row.createdAt.getTime(),
    segmentId: row.segmentId,
    startsAt: row.startsAt?.getTime() ?? null,
    endsAt: row.endsAt?.getTime() ?? null,
    priority: row.priority,
    enabled: row.enabled,
  };
}

export type TargetingSave =
  | { kind: 'saved'; row: DailyRewardRow }
  | { kind: 'not-found' }
  | { kind: 'unknown-segment' }
  | { kind: 'invalid'; message: string };

/**
 * Stores a config's whole targeting. The config is locked first, then its segment is share-locked: it must be an
 * enabled segment of this game and owner (another owner's or game's answers exactly like a missing one), and it
 * cannot be deleted until this is stored. An end at or before `now` is refused unless it is the one stored.
 */
export function saveTargeting(
  db: Db,
  scope: GameScope,
  dailyRewardId: string,
  input: DailyRewardTargeting,
  now: number,
): Promise<TargetingSave> {
  return db.transaction((tx) => saveTargetingIn(tx, scope, dailyRewardId, input, now));
}

/** saveTargeting inside the caller's transaction (the Daily Rewards panel's one save, decision 055). */
export async function saveTargetingIn(
  tx: Tx,
  scope: GameScope,
  dailyRewardId: string,
  input: DailyRewardTargeting,
  now: number,
): Promise<TargetingSave> {
  const own = and(eq(dailyReward.id, dailyRewardId), inScope(dailyReward, scope));
  const [current] = await tx.select({ endsAt: dailyReward.endsAt }).from(dailyReward).where(own).for('update');
  if (!current) return { kind: 'not-found' };
  if (input.segmentId !== null) {
    const [found] = await tx
      .select({ id: segment.id })
      .from(segment)
      .where(and(eq(segment.id, input.segmentId), inScope(segment, scope), eq(segment.enabled, true)))
      .for('share');
    if (!found) return { kind: 'unknown-segment' };
  }
  const problem = endInPastProblem(input.endsAt, now, current.endsAt?.toISOString() ?? null);
  if (problem) return { kind: 'invalid', message: problem };
  const [row] = await tx
    .update(dailyReward)
    .set({
      segmentId: input.segmentId,
      startsAt: input.startsAt === null ? null : new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
      priority: input.priority,
      updatedAt: new Date(),
    })
    .where(own)
    .returning();
  return row ? { kind: 'saved', row } : { kind: 'not-found' };
}

/** The names of the configs of a game that target a segment, oldest first (a deletion names them). */
export async function configsTargeting(db: Db, scope: GameScope, segmentId: string): Promise<string[]> {
  const rows = await db
    .select({ name: dailyReward.name })
    .from(dailyReward)
    .where(and(eq(dailyReward.gameId, scope.gameId), eq(dailyReward.segmentId, segmentId)))
    .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id));
  return rows.map((row) => row.name);
}

/**
 * Which daily reward the runtime would give a sample player now, and why: the player evaluated against every
 * segment of the game (with the game's custom attributes), then the live release's configs selected as the
 * runtime selects them. Configs not in the live release are listed as unpublished.
 */
/**
 * What decides which daily reward a player gets, read in one place for the segment tester and the Players tab: the
 * game's configs in rank order's tie-break order (oldest first) and the live release's artifacts (none without one).
 */
export async function targetingSnapshot(db: Db, scope: GameScope) {
  const [configs, live] = await Promise.all([
    db
      .select()
      .from(dailyReward)
      .where(inScope(dailyReward, scope))
      .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id)),
    db
      .select({ artifacts: release.artifacts })
      .from(release)
      .where(and(inScope(release, scope), eq(release.live, true))),
  ]);
  return { configs, liveArtifacts: live[0]?.artifacts ?? [] };
}

export async function dailyRewardForPlayer(
  db: Db,
  scope: GameScope,
  player: Record<string, unknown>,
  now: number,
): Promise<DailyRewardForPlayer> {
  const [[owner], segments, { configs, liveArtifacts }] = await Promise.all([
    db.select({ customAttributes: game.customAttributes }).from(game).where(eq(game.id, scope.gameId)),
    db
      .select({ id: segment.id, name: segment.name, expression: segment.expression })
      .from(segment)
      .where(and(inScope(segment, scope), eq(segment.enabled, true)))
      .orderBy(asc(segment.createdAt), asc(segment.id)),
    targetingSnapshot(db, scope),
  ]);
  const json = JSON.stringify(player);
  const evaluated = segments.map((row) => {
    const result = evaluateSegment(row.expression, json, owner?.customAttributes ?? []);
    return {
      id: row.id,
      name: row.name,
      matches: result.ok && result.matches,
      error: result.ok ? null : result.message,
    };
  });
  const matched = evaluated.filter((s) => s.matches).map((s) => s.id);
  return {
    at: new Date(now).toISOString(),
    segments: evaluated,
    ...explainDailyReward({ configs, liveArtifacts, segments, matched, now }),
  };
}
