import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  analyticsDay,
  analyticsRange,
  analyticsRangeDayList,
  ANALYTICS_QUERY_MESSAGES,
  AnalyticsQuerySchema,
  emptyRollupRow,
  type AnalyticsDay,
  type AnalyticsResponse,
  type RollupRow,
} from '@liveops/domain/analytics';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { dailyReward } from '../db/schema';
import { inScope, requireOwnGame, requirePermission, type GameScopeEnv } from '../games/game-scope';
import { jsonError } from '../http/json';
import { readDailyRollups } from './analytics-events';
import { readExperimentComparison } from './analytics-experiments';

type Deps = {
  auth: Auth;
  db: Db;
  /** The server's clock (tests inject one): "today" of the default range is its UTC date. */
  now: () => number;
};

/** Every day of the range, each the row of that day or zeros. */
function everyDay(rows: RollupRow[], from: string, to: string): AnalyticsDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return analyticsRangeDayList(from, to).map((day) => {
    const {
      gameId: _gameId,
      configId: _configId,
      variantId: _variantId,
      ...figures
    } = byDay.get(day) ?? emptyRollupRow({ gameId: '', configId: null, variantId: null, day });
    return figures;
  });
}

/**
 * GET /api/games/:gameId/analytics?from&to&configId&experimentId&testers (decision 044): the daily
 * rollups the Analytics tab draws, for the game or one of its daily rewards, every day of a bounded range, and the
 * config's experiment compared variant by variant (decision 046). The game's test players are left out unless
 * `testers=include` (decision 053). Owner-only like every game route; reads rollup rows only, never raw events.
 */
export function analyticsRoutes({ auth, db, now }: Deps) {
  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => {
      const scope = c.get('scope');
      const parsed = AnalyticsQuerySchema.safeParse(c.req.query());
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
        return jsonError(c, 400, 'VALIDATION_ERROR', issues[0]?.message ?? 'Invalid input.', { issues });
      }
      const range = analyticsRange(parsed.data, analyticsDay(now()));
      if ('error' in range) return jsonError(c, 400, 'VALIDATION_ERROR', range.error);
      const configId = parsed.data.configId ?? null;
      if (configId !== null) {
        const [config] = await db
          .select({ id: dailyReward.id })
          .from(dailyReward)
          .where(and(eq(dailyReward.id, configId), inScope(dailyReward, scope)));
        if (!config) return jsonError(c, 404, 'NOT_FOUND', ANALYTICS_QUERY_MESSAGES.configNotFound);
      }
      const { from, to } = range;
      const testers = parsed.data.testers === 'include';
      const rows = await readDailyRollups(db, { gameId: scope.gameId, configId, variantId: null, from, to, testers });
      const experimentId = parsed.data.experimentId;
      const experiment =
        configId === null
          ? null
          : await readExperimentComparison(db, { ...scope, configId, experimentId, now: now(), testers });
      if (experimentId !== undefined && experiment === null) {
        return jsonError(c, 404, 'NOT_FOUND', ANALYTICS_QUERY_MESSAGES.experimentNotFound);
      }
      const answer: AnalyticsResponse = {
        from,
        to,
        configId,
        includesTestPlayers: testers,
        days: everyDay(rows, from, to),
        experiment,
      };
      return c.json(answer);
    });
}
