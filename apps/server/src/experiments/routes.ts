import { Hono, type Context } from 'hono';
import { DAILY_REWARD_MESSAGES, UpdateDailyRewardLayoutInputSchema } from '@liveops/domain/daily-rewards';
import {
  EXPERIMENT_API_MESSAGES,
  ExperimentVariantsInputSchema,
  PromoteExperimentInputSchema,
} from '@liveops/domain/experiments';
import type { Db } from '../db/database';
import { jsonError, readJson } from '../http/json';
import { requirePermission, type GameScope, type GameScopeEnv } from '../games/game-scope';
import { jsonBody, layoutBody } from '../http/request-body';
import {
  endExperiment,
  experimentHistory,
  saveVariantLayout,
  startExperiment,
  updateExperiment,
  type ExperimentOutcome,
} from './experiments';

type Deps = {
  db: Db;
  /** Tells the owner's open tabs that a config changed (the daily rewards' live topic). */
  changed: (scope: GameScope, id: string) => Promise<void>;
  now: () => number;
};

/**
 * /api/games/:gameId/daily-rewards/:dailyRewardId/experiment(s): a config's A/B test of its popup (decision 046).
 * Mounted inside the daily rewards' router, behind its owner guard. Start, edit (rename, reweight,
 * add), save a variant's layout, promote a winner, end; and the config's experiments, newest first.
 */
export function experimentsRoutes({ db, changed, now }: Deps) {
  const answer = async (c: Context<GameScopeEnv>, outcome: ExperimentOutcome, created = false) => {
    switch (outcome.kind) {
      case 'not-found':
        return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
      case 'not-running':
        return jsonError(c, 404, 'NOT_FOUND', EXPERIMENT_API_MESSAGES.notRunning);
      case 'running':
        return jsonError(c, 409, 'EXPERIMENT_RUNNING', EXPERIMENT_API_MESSAGES.running);
      case 'variant-live':
        return jsonError(c, 409, 'VARIANT_LIVE', EXPERIMENT_API_MESSAGES.variantLive, {
          variantId: outcome.variantId,
        });
      case 'variant-order':
        return jsonError(c, 400, 'VALIDATION_ERROR', EXPERIMENT_API_MESSAGES.variantOrder, {
          issues: [{ path: 'variants', message: EXPERIMENT_API_MESSAGES.variantOrder }],
        });
      case 'variant-not-found':
        return jsonError(c, 404, 'NOT_FOUND', EXPERIMENT_API_MESSAGES.variantNotFound);
      case 'layout-conflict':
        return c.json(
          { code: 'LAYOUT_CONFLICT', message: DAILY_REWARD_MESSAGES.layoutConflict, current: outcome.current },
          409,
        );
      case 'experiment':
        await changed(c.get('scope'), outcome.config.id);
        return c.json(outcome.experiment, created ? 201 : 200);
      case 'config':
        await changed(c.get('scope'), outcome.config.id);
        return c.json(outcome.presented);
    }
  };

  return new Hono<GameScopeEnv>()
    .post('/experiment', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const input = await readJson(c, ExperimentVariantsInputSchema);
      if (!input.ok) return input.response;
      const outcome = await startExperiment(
        db,
        c.get('scope'),
        c.req.param('dailyRewardId') ?? '',
        input.value.variants,
        now(),
      );
      return answer(c, outcome, true);
    })
    .patch('/experiment', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const input = await readJson(c, ExperimentVariantsInputSchema);
      if (!input.ok) return input.response;
      return answer(
        c,
        await updateExperiment(db, c.get('scope'), c.req.param('dailyRewardId') ?? '', input.value.variants),
      );
    })
    .put('/experiment/variants/:variantId/layout', requirePermission('content.edit'), ...layoutBody, async (c) => {
      const input = await readJson(c, UpdateDailyRewardLayoutInputSchema);
      if (!input.ok) return input.response;
      const { uiLayout, baseVersion } = input.value;
      const outcome = await saveVariantLayout(
        db,
        c.get('scope'),
        c.req.param('dailyRewardId') ?? '',
        c.req.param('variantId'),
        uiLayout,
        baseVersion,
      );
      return answer(c, outcome);
    })
    .post('/experiment/promote', requirePermission('content.edit'), ...jsonBody, async (c) => {
      const input = await readJson(c, PromoteExperimentInputSchema);
      if (!input.ok) return input.response;
      return answer(
        c,
        await endExperiment(db, c.get('scope'), c.req.param('dailyRewardId') ?? '', input.value.variantId, now()),
      );
    })
    .delete('/experiment', requirePermission('content.edit'), ...jsonBody, async (c) =>
      answer(c, await endExperiment(db, c.get('scope'), c.req.param('dailyRewardId') ?? '', null, now())),
    )
    .get('/experiments', requirePermission('games.read'), async (c) => {
      const history = await experimentHistory(db, c.get('scope'), c.req.param('dailyRewardId') ?? '');
      if (!history) return jsonError(c, 404, 'NOT_FOUND', DAILY_REWARD_MESSAGES.notFound);
      return c.json({ experiments: history });
    });
}
