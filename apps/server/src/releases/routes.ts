import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { PUBLISH_MESSAGES, PublishInputSchema, type PublishEvent } from '@liveops/domain/releases';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { jsonError, readJson } from '../http/json';
import { withGameLock, type GameLocks } from '../db/game-lock';
import { requireOwnGame, requirePermission, type GameScope, type GameScopeEnv } from '../games/game-scope';
import type { LiveEvents } from '../live/live-events';
import { jsonBody } from '../http/request-body';
import { listDailyRewards } from '../daily-rewards/daily-rewards';
import { gameStillExists } from '../games/game-removal';
import { makeReleaseLive } from './make-release-live';
import { previewPublish } from './preview-publish';
import { PublishError } from './publish-error';
import type { ReleaseDeps } from './release-deps';
import { listReleases, publisherOf } from './release-rows';
import { startPublish } from './start-publish';

type Deps = {
  auth: Auth;
  db: Db;
  liveEvents: LiveEvents;
  /** Publishes and rollbacks of one game take turns: a second one at the same time is refused, never interleaved. */
  locks: GameLocks;
  release: ReleaseDeps;
  /** Bytes one release may write (decision 032). */
  maxReleaseBytes: number;
};

/** A version in a path: a positive whole number of at most 9 digits, else not found. */
const versionOf = (text: string) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

/**
 * /api/games/:gameId/releases (decision 019): the game's releases with the page and manifest addresses (GET), what a
 * publish would do (GET /preview: problems and each config against the live release, decision 029), publish
 * (POST { note?, leaveOut? }, answered as application/x-ndjson: a line per config written, then the outcome; 422
 * with the problems when a config could not show a proper popup), and make an earlier release live again (POST
 * /:version/live).
 */
export function releasesRoutes({ auth, db, liveEvents, locks, release, maxReleaseBytes }: Deps) {
  const changed = (scope: GameScope) => liveEvents.publish(scope.ownerId, { topic: 'releases', id: scope.gameId });

  return new Hono<GameScopeEnv>()
    .use(...requireOwnGame(auth, db))
    .get('/', requirePermission('games.read'), async (c) => c.json(await listReleases(release, c.get('scope'))))
    .get('/preview', requirePermission('games.read'), async (c) =>
      c.json(await previewPublish(release, c.get('scope'))),
    )
    .post('/', requirePermission('releases.publish'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const input = await readJson(c, PublishInputSchema);
      if (!input.ok) return input.response;
      // Refusals answer as JSON with their status, before the stream starts; this one needs no lock.
      if ((await listDailyRewards(db, scope)).length === 0) {
        return jsonError(c, 409, 'NO_CONFIGS', PUBLISH_MESSAGES.noConfigs);
      }
      const lines: string[] = [];
      const waiter: { wake: (() => void) | null } = { wake: null };
      let finished = false;
      const emit = (event: PublishEvent) => {
        lines.push(`${JSON.stringify(event)}\n`);
        waiter.wake?.();
      };
      const by = { publishedBy: publisherOf(c.get('user')), note: input.value.note ?? null };
      const start = await startPublish(
        { release, locks, maxReleaseBytes },
        scope,
        { leaveOut: input.value.leaveOut, by },
        emit,
      );
      if (start.refused) {
        const { status, code, message, problems } = start.refused;
        return jsonError(c, status, code, message, problems ? { problems } : undefined);
      }
      // The answer ends once the lock is released, so a publish the developer starts next is not refused as busy.
      void start.finished
        .catch((error: unknown) => release.logger.error('publish did not finish cleanly:', error))
        .then(async () => {
          finished = true;
          waiter.wake?.();
          await changed(scope).catch(() => undefined);
        });

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
    .post('/:version/live', requirePermission('releases.publish'), ...jsonBody, async (c) => {
      const scope = c.get('scope');
      const version = versionOf(c.req.param('version'));
      if (version === null) return jsonError(c, 404, 'NOT_FOUND', PUBLISH_MESSAGES.releaseNotFound);
      const outcome = await withGameLock(locks, scope.gameId, async () => {
        if (!(await gameStillExists(db, scope))) return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
        try {
          await makeReleaseLive(release, scope, version);
          return null;
        } catch (error) {
          if (error instanceof PublishError) return jsonError(c, error.status, error.code, error.message);
          throw error;
        }
      });
      if (!outcome.held) return jsonError(c, 409, 'PUBLISH_IN_PROGRESS', PUBLISH_MESSAGES.inProgress);
      if (outcome.value) return outcome.value;
      await changed(scope);
      return c.json(await listReleases(release, scope));
    });
}
