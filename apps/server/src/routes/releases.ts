import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import {
  GAME_MESSAGES,
  PUBLISH_MESSAGES,
  PublishInputSchema,
  QUOTA_MESSAGES,
  type PublishEvent,
} from '@liveops/domain';
import type { Auth } from '../auth';
import type { Db } from '../db/database';
import { jsonError, readJson } from '../lib/http';
import type { GameLocks } from '../lib/game-lock';
import { requireOwnGame, type GameScope, type GameScopeEnv } from '../lib/game-scope';
import type { LiveEvents } from '../lib/live-events';
import { jsonBody } from '../lib/request-body';
import { listDailyRewards } from '../resources/daily-rewards';
import { gameStillExists } from '../resources/game-removal';
import { removeGameFiles } from '../storage/remove-game-files';
import {
  listReleases,
  makeReleaseLive,
  planPublish,
  releaseBytesOf,
  presentRelease,
  previewPublish,
  PublishError,
  publishGame,
  publisherOf,
  type PublishPlan,
  type ReleaseDeps,
} from '../resources/releases';

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  locks: GameLocks;
  release: ReleaseDeps;
  /** Bytes one release may write (issue 24, decision 032). */
  maxReleaseBytes: number;
};

/** Publishes and rollbacks of one game take turns: a second one at the same time is refused, never interleaved. */
const LOCK = 'releases';

/** A version in a path: a positive whole number of at most 9 digits, else not found. */
const versionOf = (text: string) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

/**
 * The configs a publish writes (decision 029): the plan less those the studio chose to leave out. A remaining
 * config with a problem refuses the publish: a 422 answer listing every problem.
 */
function checkedPlan(plan: PublishPlan, leaveOut: readonly string[] | undefined) {
  const left = new Set(leaveOut ?? []);
  const configs = plan.configs.filter(({ config }) => !left.has(config.id));
  const problems = configs.flatMap((planned) => planned.problems);
  if (problems.length) {
    const count = new Set(problems.map((problem) => problem.configId)).size;
    return { refused: { code: 'CONFIG_PROBLEMS', message: PUBLISH_MESSAGES.problems(count), problems } } as const;
  }
  if (configs.length === 0) {
    return { refused: { code: 'NOTHING_TO_PUBLISH', message: PUBLISH_MESSAGES.nothingLeft, problems } } as const;
  }
  return { plan: { ...plan, configs } } as const;
}

/**
 * /api/games/:gameId/releases (issue 11): the game's releases with the page and manifest addresses (GET), what a
 * publish would do (GET /preview: problems and each config against the live release, decision 029), publish
 * (POST { note?, leaveOut? }, answered as application/x-ndjson: a line per config written, then the outcome; 422
 * with the problems when a config could not show a proper popup), and make an earlier release live again (POST
 * /:version/live).
 */
export function releasesRoutes({ auth, db, liveEvents, locks, release, maxReleaseBytes }: Deps) {
  const changed = (scope: GameScope) => liveEvents.publish(scope.ownerId, { topic: 'releases', id: scope.gameId });

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', async (c) => c.json(await listReleases(release, c.get('scope'))))
    .get('/preview', async (c) => c.json(await previewPublish(release, c.get('scope'))))
    .post('/', ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const input = await readJson(c, PublishInputSchema);
      if (!input.ok) return input.response;
      // Refusals that need no lock answer as JSON with their status, before the stream starts.
      if ((await listDailyRewards(db, scope)).length === 0) {
        return jsonError(c, 409, 'NO_CONFIGS', PUBLISH_MESSAGES.noConfigs);
      }
      const lock = await locks.tryAcquire(LOCK, scope.gameId);
      if (!lock) return jsonError(c, 409, 'PUBLISH_IN_PROGRESS', PUBLISH_MESSAGES.inProgress);
      // A game deletion (which takes this lock too) may have run since the guard looked.
      if (!(await gameStillExists(db, scope))) {
        await lock.release();
        return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
      }
      // Checked under the lock, just before writing: the configs may have changed since the modal's preview.
      let checked: ReturnType<typeof checkedPlan>;
      try {
        checked = checkedPlan(await planPublish(release, scope), input.value.leaveOut);
      } catch (error) {
        await lock.release();
        throw error;
      }
      if (checked.refused) {
        await lock.release();
        const { code, message, problems } = checked.refused;
        return jsonError(c, 422, code, message, { problems });
      }
      const plan = checked.plan;
      // One release may write only so much (issue 24): refused before anything is written.
      const bytes = await releaseBytesOf(release, scope, plan).catch(async (error: unknown) => {
        await lock.release();
        throw error;
      });
      if (bytes > maxReleaseBytes) {
        await lock.release();
        return jsonError(c, 413, 'RELEASE_TOO_LARGE', QUOTA_MESSAGES.release(bytes, maxReleaseBytes));
      }
      const by = { publishedBy: publisherOf(c.get('user')), note: input.value.note ?? null };

      // The publish runs to its end even if the developer closes the modal: it is not tied to this answer.
      const lines: string[] = [];
      const waiter: { wake: (() => void) | null } = { wake: null };
      let finished = false;
      const emit = (event: PublishEvent) => {
        lines.push(`${JSON.stringify(event)}\n`);
        waiter.wake?.();
      };
      void (async () => {
        try {
          const live = await publishGame(release, scope, emit, plan, by);
          emit({ type: 'done', release: presentRelease(live) });
        } catch (error) {
          const known = error instanceof PublishError;
          if (!known) release.logger.error(`publish failed: ${error instanceof Error ? error.stack : String(error)}`);
          emit({
            type: 'failed',
            code: known ? error.code : 'PUBLISH_FAILED',
            message: known ? error.message : PUBLISH_MESSAGES.storageFailed('internal error'),
          });
        } finally {
          // Deleted meanwhile (an account deletion does not wait for publishes): whatever this publish wrote
          // after the deletion removed the game's files goes too.
          if (!(await gameStillExists(db, scope).catch(() => true))) {
            await removeGameFiles([scope.gameId], {
              storage: release.storage,
              logger: release.logger,
              reason: `publish of deleted game ${scope.gameId}`,
            });
          }
          await lock.release();
          finished = true;
          waiter.wake?.();
          await changed(scope).catch(() => undefined);
        }
      })();

      c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
      c.header('X-Content-Type-Options', 'nosniff');
      return stream(c, async (out) => {
        for (;;) {
          while (lines.length) await out.write(lines.shift()!);
          if (finished) break;
          await new Promise<void>((resolve) => (waiter.wake = resolve));
          waiter.wake = null;
        }
      });
    })
    .post('/:version/live', ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const version = versionOf(c.req.param('version'));
      if (version === null) return jsonError(c, 404, 'NOT_FOUND', PUBLISH_MESSAGES.releaseNotFound);
      const lock = await locks.tryAcquire(LOCK, scope.gameId);
      if (!lock) return jsonError(c, 409, 'PUBLISH_IN_PROGRESS', PUBLISH_MESSAGES.inProgress);
      try {
        if (!(await gameStillExists(db, scope))) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
        await makeReleaseLive(release, scope, version);
      } catch (error) {
        if (error instanceof PublishError) return jsonError(c, error.status, error.code, error.message);
        throw error;
      } finally {
        await lock.release();
      }
      await changed(scope);
      return c.json(await listReleases(release, scope));
    });
}
