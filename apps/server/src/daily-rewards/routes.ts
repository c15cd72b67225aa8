import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CreateDailyRewardInputSchema,
  DAILY_REWARD_CYCLE_DAYS,
  DAILY_REWARD_MESSAGES,
  defaultDailyRewardName,
  UpdateDailyRewardInputSchema,
  UpdateDailyRewardLayoutInputSchema,
} from '@liveops/domain/daily-rewards';
import { EXPERIMENT_API_MESSAGES } from '@liveops/domain/experiments';
import { cannotReason } from '@liveops/domain/teams';
import {
  DailyRewardForPlayerInputSchema,
  DailyRewardTargetingInputSchema,
  TARGETING_MESSAGES,
} from '@liveops/domain/targeting';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { dailyReward, game, pack } from '../db/schema';
import { jsonError, readJson } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import {
  inScope,
  reachableBy,
  reachableGame,
  requireOwnGame,
  requirePermission,
  type GameScope,
  type GameScopeEnv,
} from '../games/game-scope';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';
import { jsonBody, layoutBody } from '../http/request-body';
import {
  dayStartColumns,
  embedConfigOf,
  listDailyRewards,
  presentDailyReward,
  type DailyRewardRow,
} from './daily-rewards';
import {
  presentConfig,
  saveConfigLayout,
  updateExperimentIn,
  withExperiments,
  type ExperimentOutcome,
} from '../experiments/experiments';
import { experimentsRoutes } from '../experiments/routes';
import {
  dailyRewardForPlayer,
  saveTargeting,
  saveTargetingIn,
  type TargetingSave,
} from '../targeting/daily-reward-targeting';
import type { Storage } from '../storage/storage';

/** What the panel's one save (PATCH) ends in: stored, or why nothing was. */
type PanelSave =
  | { kind: 'saved'; row: DailyRewardRow }
  | { kind: 'unknown-packs' }
  | { kind: 'conflict'; current: DailyRewardRow }
  | Exclude<TargetingSave, { kind: 'saved' }>
  | Exclude<ExperimentOutcome, { kind: 'experiment' | 'config' }>;

/** Thrown inside the transaction to undo what the save wrote before its refused part. */
class PanelRefused extends Error {
  constructor(readonly outcome: Exclude<PanelSave, { kind: 'saved' }>) {
    super(`refused: ${outcome.kind}`);
  }
}

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  storage: Storage;
  /** The server's clock, the runtime's (tests inject one): which config applies now, and what "past" is. */
  now?: () => number;
};

/**
 * /api/games/:gameId/daily-rewards: list, the config with its packs and assets (…/embed-config), create ("Daily
 * Reward N"), rename, save the 7 days, the runtime's day rules, the targeting and the running experiment's variants
 * (PATCH, all in one transaction: the panel's one save, decision 055), save the UI layout (PUT …/layout,
 * checked as untrusted), set its targeting (PUT …/targeting), delete; and which config a sample player would get
 * now (POST …/for-player, the segment tester's question).
 */
export function dailyRewardsRoutes({ auth, db, liveEvents, storage, now = Date.now }: Deps) {
  const own = (scope: GameScope, id: string) => and(eq(dailyReward.id, id), inScope(dailyReward, scope));
  const changed = (scope: GameScope, id: string) => liveEvents.publish(scope.ownerId, { topic: 'dailyRewards', id });

  return (
    new Hono<GameScopeEnv>()
      .use(...requireOwnGame(auth, db))
      .get('/', requirePermission('games.read'), async (c) =>
        c.json(await withExperiments(db, await listDailyRewards(db, c.get('scope')))),
      )
      // A config's A/B test (decision 046), behind this router's owner guard.
      .route('/:dailyRewardId', experimentsRoutes({ db, changed, now }))
      .get('/:dailyRewardId/embed-config', requirePermission('games.read'), async (c) => {
        const config = await embedConfigOf(db, storage, c.get('scope'), c.req.param('dailyRewardId'));
        if (!config) return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
        return c.json(config);
      })
      .post('/', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const scope = c.get('scope');
        const input = await readJson(c, CreateDailyRewardInputSchema);
        if (!input.ok) return input.response;
        const row = await db.transaction(async (tx) => {
          // One create at a time per game, so two "Daily Reward N" at once do not pick the same N.
          await tx.select({ id: game.id }).from(game).where(eq(game.id, scope.gameId)).for('update');
          const names = await tx
            .select({ name: dailyReward.name })
            .from(dailyReward)
            .where(inScope(dailyReward, scope));
          const [created] = await tx
            .insert(dailyReward)
            .values({
              id: randomUUID(),
              ...scope,
              name: input.value.name ?? defaultDailyRewardName(names.map((n) => n.name)),
              cycleDays: DAILY_REWARD_CYCLE_DAYS,
              rewards: [],
            })
            .returning();
          return created;
        });
        if (!row) throw new Error('insert returned nothing');
        await changed(scope, row.id);
        return c.json({ ...presentDailyReward(row), experiment: null }, 201);
      })
      .patch('/:dailyRewardId', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const scope = c.get('scope');
        const input = await readJson(c, UpdateDailyRewardInputSchema);
        if (!input.ok) return input.response;
        const { name, rewards, baseRewardsVersion, dayStart, missedDay, targeting, variants } = input.value;
        const id = c.req.param('dailyRewardId');
        let outcome: PanelSave;
        try {
          outcome = await db.transaction(async (tx): Promise<PanelSave> => {
            if (rewards) {
              // Share locks: the packs must be this game's and owner's, and none can be deleted until this is stored.
              const ids = [...new Set(rewards.map((entry) => entry.packId))];
              const found = await tx
                .select({ id: pack.id })
                .from(pack)
                .where(and(inArray(pack.id, ids), inScope(pack, scope)))
                .for('share');
              if (found.length !== ids.length) return { kind: 'unknown-packs' };
            }
            // The version check is part of the write: two tabs saving at once cannot both pass it (decision 032).
            const precondition =
              rewards && baseRewardsVersion !== undefined
                ? eq(dailyReward.rewardsVersion, baseRewardsVersion)
                : undefined;
            const [updated] = await tx
              .update(dailyReward)
              .set({
                ...(name !== undefined ? { name } : {}),
                // The runtime's rules (decision 035): not the days, so they leave rewardsVersion alone.
                ...(dayStart !== undefined ? dayStartColumns(dayStart) : {}),
                ...(missedDay !== undefined ? { missedDay } : {}),
                ...(rewards
                  ? {
                      rewards,
                      cycleDays: DAILY_REWARD_CYCLE_DAYS,
                      rewardsVersion: sql`${dailyReward.rewardsVersion} + 1`,
                    }
                  : {}),
                updatedAt: new Date(),
              })
              .where(and(own(scope, id), precondition))
              .returning();
            if (!updated) {
              if (!precondition) return { kind: 'not-found' };
              const [current] = await tx.select().from(dailyReward).where(own(scope, id));
              return current ? { kind: 'conflict', current } : { kind: 'not-found' };
            }
            let row = updated;
            // The panel's one save (decision 055): a refusal of the targeting or the variants undoes the whole
            // transaction, the days and rules written above included.
            if (targeting) {
              const saved = await saveTargetingIn(tx, scope, id, targeting, now());
              if (saved.kind !== 'saved') throw new PanelRefused(saved);
              row = saved.row;
            }
            if (variants) {
              const saved = await updateExperimentIn(tx, scope, id, variants);
              if (saved.kind !== 'experiment' && saved.kind !== 'config') throw new PanelRefused(saved);
            }
            return { kind: 'saved', row };
          });
        } catch (error) {
          if (!(error instanceof PanelRefused)) throw error;
          outcome = error.outcome;
        }
        switch (outcome.kind) {
          case 'saved':
            await changed(scope, outcome.row.id);
            return c.json(await presentConfig(db, outcome.row));
          case 'unknown-packs':
            return jsonError(c, 400, 'VALIDATION_ERROR', DAILY_REWARD_MESSAGES.unknownPacks);
          case 'conflict':
            return c.json(
              {
                code: 'DAILY_REWARD_CONFLICT',
                message: DAILY_REWARD_MESSAGES.rewardsConflict,
                current: await presentConfig(db, outcome.current),
              },
              409,
            );
          case 'not-found':
            return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
          case 'unknown-segment':
            return jsonError(c, 400, 'VALIDATION_ERROR', TARGETING_MESSAGES.segmentUnknown, {
              issues: [{ path: 'targeting.segmentId', message: TARGETING_MESSAGES.segmentUnknown }],
            });
          case 'invalid':
            return jsonError(c, 400, 'VALIDATION_ERROR', outcome.message, {
              issues: [{ path: 'targeting.endsAt', message: outcome.message }],
            });
          case 'not-running':
            return jsonError(c, 404, 'NOT_FOUND', EXPERIMENT_API_MESSAGES.notRunning);
          case 'variant-live':
            return jsonError(c, 409, 'VARIANT_LIVE', EXPERIMENT_API_MESSAGES.variantLive, {
              variantId: outcome.variantId,
            });
          case 'variant-order':
            return jsonError(c, 400, 'VALIDATION_ERROR', EXPERIMENT_API_MESSAGES.variantOrder, {
              issues: [{ path: 'variants', message: EXPERIMENT_API_MESSAGES.variantOrder }],
            });
          default:
            // The experiment update answers only the outcomes above; anything else is a bug, not bad input.
            throw new Error(`unexpected outcome of the panel's save: ${outcome.kind}`);
        }
      })
      .put('/:dailyRewardId/layout', requirePermission('content.edit'), ...layoutBody, async (c) => {
        const scope = c.get('scope');
        const input = await readJson(c, UpdateDailyRewardLayoutInputSchema);
        if (!input.ok) return input.response;
        const id = c.req.param('dailyRewardId');
        const { uiLayout, baseVersion } = input.value;
        // One statement: the version check and the write cannot interleave with another tab's save.
        const saved = await saveConfigLayout(db, scope, id, uiLayout, baseVersion);
        if (saved.kind === 'not-found') return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
        if (saved.kind === 'conflict') {
          return c.json(
            { code: 'LAYOUT_CONFLICT', message: DAILY_REWARD_MESSAGES.layoutConflict, current: saved.current },
            409,
          );
        }
        await changed(scope, saved.row.id);
        return c.json(await presentConfig(db, saved.row));
      })
      .put('/:dailyRewardId/targeting', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const scope = c.get('scope');
        const input = await readJson(c, DailyRewardTargetingInputSchema);
        if (!input.ok) return input.response;
        // Saved as sent, like the day rules (decision 035): a setting of the runtime, apart from the days' version.
        const saved = await saveTargeting(db, scope, c.req.param('dailyRewardId'), input.value, now());
        if (saved.kind === 'not-found') return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
        if (saved.kind === 'unknown-segment') {
          return jsonError(c, 400, 'VALIDATION_ERROR', TARGETING_MESSAGES.segmentUnknown, {
            issues: [{ path: 'segmentId', message: TARGETING_MESSAGES.segmentUnknown }],
          });
        }
        if (saved.kind === 'invalid') {
          return jsonError(c, 400, 'VALIDATION_ERROR', saved.message, {
            issues: [{ path: 'endsAt', message: saved.message }],
          });
        }
        await changed(scope, saved.row.id);
        return c.json(await presentConfig(db, saved.row));
      })
      // Which config a sample player would get: a question, not a change.
      .post('/for-player', requirePermission('games.read'), ...jsonBody, async (c) => {
        const input = await readJson(c, DailyRewardForPlayerInputSchema);
        if (!input.ok) return input.response;
        return c.json(await dailyRewardForPlayer(db, c.get('scope'), input.value.player, now()));
      })
      .delete('/:dailyRewardId', requirePermission('content.edit'), ...jsonBody, async (c) => {
        const scope = c.get('scope');
        const [row] = await db
          .delete(dailyReward)
          .where(own(scope, c.req.param('dailyRewardId')))
          .returning({ id: dailyReward.id });
        if (!row) return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
        await changed(scope, row.id);
        return c.body(null, 204);
      })
  );
}

/**
 * GET /api/daily-rewards/:dailyRewardId: one config of a studio the signed-in user is in, found by its id alone, for
 * the UI editor's address (/ui-editor/daily_rewards/:featureId names no game). Another studio's answers like a missing
 * one; a member's role there must hold games.read, as under the game's own address.
 */
export function dailyRewardByIdRoutes({ auth, db }: Pick<Deps, 'auth' | 'db'>) {
  return new Hono<AuthedEnv>().use(requireVerifiedUser(auth)).get('/:dailyRewardId', async (c) => {
    const userId = c.get('user').id;
    const [row] = await db
      .select()
      .from(dailyReward)
      .where(and(eq(dailyReward.id, c.req.param('dailyRewardId')), reachableBy(dailyReward, userId)));
    // The member's role in the config's studio, through the game guard's own question (an enabled game).
    const scope = row && (await reachableGame(db, userId, row.gameId));
    if (!row || !scope) return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
    const refusal = cannotReason(scope.role, 'games.read');
    if (refusal) return jsonError(c, 403, 'FORBIDDEN', refusal);
    return c.json(await presentConfig(db, row));
  });
}
