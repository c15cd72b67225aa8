import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { API_MESSAGES } from '@liveops/domain/shared';
import { createAuth } from './accounts/auth';
import type { Database } from './db/database';
import type { Config } from './env';
import { compressWhenAccepted } from './http/compression';
import { closeAfterUnreadBody } from './http/early-answers';
import { databaseErrorCode, isDatabaseUnavailable } from './db/database-errors';
import { jsonError } from './http/json';
import { httpPolicy, sameOriginOnlyHeaders } from './http/http-policy';
import { checkedAddress, rawPathAndQuery } from './http/input-hygiene';
import { requireTrustedOrigin } from './http/origin-check';
import type { Logger } from './logging/logger';
import type { Mailer } from './email/mailer';
import { createLiveEvents, LIVE_EVENTS_CHANNEL } from './live/live-events';
import { createGameLocks, LocksUnavailableError } from './db/game-lock';
import { createNotifier } from './live/notifier';
import { SESSIONS_CHANNEL } from './accounts/session-cache';
import { resolveAuthSecret } from './accounts/auth-secret';
import { readPublishedPageHtml } from './releases/published-page';
import { gameOfStablePrefix, markReleaseInterrupted, restoreStablePaths } from './releases/recover';
import { releasesRoutes } from './releases/routes';
import type { StorageDeadline } from './releases/timed-storage';
import { accountRoutes } from './accounts/account-routes';
import { analyticsRoutes } from './analytics/routes';
import { assetsRoutes } from './assets/routes';
import { dailyRewardByIdRoutes, dailyRewardsRoutes } from './daily-rewards/routes';
import { authRoutes } from './accounts/auth-routes';
import { studiosRoutes } from './studios/routes';
import { createMembershipCache } from './studios/membership-cache';
import { invitationRoutes } from './studios/invitation-routes';
import { createLiveUpdates } from './web/live-updates';
import { customAttributesRoutes } from './segments/custom-attributes-routes';
import { filesRoutes } from './assets/files-routes';
import { healthRoutes } from './web/health-routes';
import { gamesRoutes } from './games/routes';
import { routesWithoutPermission } from './games/game-scope';
import { itemsRoutes } from './inventory/items-routes';
import { meRoutes, sessionRoutes } from './accounts/me-routes';
import { packsRoutes } from './inventory/packs-routes';
import { playersRoutes } from './players/routes';
import { segmentsRoutes } from './segments/routes';
import { createSegmentAudiences } from './segments/segment-audience';
import { testPlayersRoutes } from './testers/routes';
import { webAppRoutes } from './web/routes';
import { runtimeRoutes } from './runtime/routes';
import { RUNTIME_LIMITS_CHANNEL } from './runtime/rate-limits';
import { createAnalyticsMaintenance } from './analytics/analytics-partitions';
import { createClaimAnalyticsFeed } from './analytics/analytics-claims';
import { createSessionAnalytics } from './analytics/analytics-sessions';
import { cleanUpStorage, startStorageCleanup } from './storage/clean-up-storage';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { createStorageIntents } from './storage/storage-intents';

/**
 * The API's policy: answers are per user (not cached unless a route says otherwise), nothing to render or frame,
 * readable by this origin only.
 */
const apiPolicy = (config: Config) =>
  httpPolicy({
    headers: {
      ...sameOriginOnlyHeaders(config),
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    },
    defaults: { 'Cache-Control': 'no-store' },
  });

/** The first two characters of a PostgreSQL SQLSTATE anywhere in an error's cause chain. */
function databaseErrorClass(error: unknown): string | null {
  return databaseErrorCode(error)?.slice(0, 2) ?? null;
}

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  storage?: Storage;
  /** Publishing's page source and storage time limit (tests inject a slow or failing storage). */
  publishing?: { readPageHtml?: () => Promise<Uint8Array>; storageDeadline?: StorageDeadline };
  /** The server's clock for the player runtime (tests inject one); Date.now otherwise. */
  now?: () => number;
};

export async function createApp({
  config,
  database,
  mailer,
  logger,
  storage = createStorage(config, logger),
  publishing = {},
  now = Date.now,
}: AppDeps) {
  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const notifier = await createNotifier(database, logger, [
    LIVE_EVENTS_CHANNEL,
    SESSIONS_CHANNEL,
    RUNTIME_LIMITS_CHANNEL,
  ]);
  const liveEvents = createLiveEvents(notifier, logger);
  const auth = await createAuth({ config, db: database.db, mailer, logger, secret, notifier, liveEvents });
  // One set for publishing and game deletion: on PGlite the locks are in-process, so they must be shared.
  const locks = createGameLocks(database, logger);
  // This instance's storage work, recorded before it is done, for the cleanup of an instance that stopped.
  const intents = await createStorageIntents(database, logger);
  const cleanupDeps = {
    db: database.db,
    storage,
    logger,
    intents,
    locks,
    releases: { gameOfStablePrefix, markReleaseInterrupted, restoreStablePaths },
  };
  const liveUpdates = createLiveUpdates(auth, liveEvents, logger, database.db);
  const memberships = createMembershipCache({ db: database.db, auth, liveEvents });
  const audiences = createSegmentAudiences({ db: database.db, now });
  /** Set when this instance starts shutting down (decision 025): it is no longer ready for new work. */
  const lifecycle = { draining: false };

  const api = new Hono()
    .use(apiPolicy(config))
    // Text answers in br or gzip when the client accepts one (decision 026); /files and the built app's files
    // compress their own.
    .use(compressWhenAccepted)
    .use(requireTrustedOrigin([config.publicUrl]))
    // Body limits and input checks are declared by each route that reads a body (http/request-body.ts).
    .route('/auth', authRoutes({ auth, config, db: database.db }))
    .route('/me', meRoutes(auth))
    .route('/account', accountRoutes({ auth, db: database.db, storage, liveEvents, logger, config }))
    .route('/session', sessionRoutes(auth, config))
    .route('/studios', studiosRoutes({ auth, db: database.db, liveEvents, mailer, logger, config, memberships }))
    .route('/invitations', invitationRoutes({ auth, db: database.db, liveEvents }))
    .route(
      '/games/:gameId/assets',
      assetsRoutes({ auth, db: database.db, liveEvents, storage, logger, intents, quotas: config }),
    )
    .route('/games/:gameId/items', itemsRoutes({ auth, db: database.db, liveEvents, storage }))
    .route('/games/:gameId/packs', packsRoutes({ auth, db: database.db, liveEvents, storage }))
    .route('/games/:gameId/daily-rewards', dailyRewardsRoutes({ auth, db: database.db, liveEvents, storage, now }))
    .route('/games/:gameId/segments', segmentsRoutes({ auth, db: database.db, liveEvents, audiences }))
    .route('/games/:gameId/test-players', testPlayersRoutes({ auth, db: database.db, liveEvents, now }))
    .route('/games/:gameId/players', playersRoutes({ auth, db: database.db, liveEvents, now }))
    .route('/games/:gameId/analytics', analyticsRoutes({ auth, db: database.db, now }))
    .route('/games/:gameId/custom-attributes', customAttributesRoutes({ auth, db: database.db, liveEvents }))
    .route(
      '/games/:gameId/releases',
      releasesRoutes({
        auth,
        db: database.db,
        liveEvents,
        locks,
        maxReleaseBytes: config.maxReleaseBytes,
        release: {
          db: database.db,
          storage,
          logger,
          intents,
          publicUrl: config.publicUrl,
          readPageHtml: publishing.readPageHtml ?? (() => readPublishedPageHtml(config)),
          ...(publishing.storageDeadline ? { storageDeadline: publishing.storageDeadline } : {}),
        },
      }),
    )
    .route('/daily-rewards', dailyRewardByIdRoutes({ auth, db: database.db }))
    .route(
      '/games',
      gamesRoutes({ auth, db: database.db, liveEvents, storage, logger, locks, intents, quotas: config, memberships }),
    )
    .route('/live-updates', liveUpdates.routes)
    .all('/*', (c) => jsonError(c, 404, 'NOT_FOUND', API_MESSAGES.notFound));
  // Every route under a game says which right it needs (docs/teams.md, "Routes"): one that does not is a bug, caught
  // here at start rather than by a member it lets through.
  const undeclared = routesWithoutPermission(api.routes);
  if (undeclared.length) throw new Error(`routes without a requirePermission: ${undeclared.join(', ')}`);

  // Sessions into the analytics: gathered in memory, written every second (decision 047).
  const sessionAnalytics = createSessionAnalytics({ db: database.db, logger });
  // The player runtime (decision 034): game clients, bearer tokens, any origin, its own limits.
  const runtime = runtimeRoutes({
    db: database.db,
    storage,
    liveEvents,
    notifier,
    logger,
    config,
    authSecret: secret,
    shared: database.kind === 'postgres',
    now,
    sessionAnalytics,
  });

  const app = new Hono();
  app.use(closeAfterUnreadBody, checkedAddress);
  // Each area sets its own headers (decision 013): /files here, the API below, the pages in webAppRoutes.
  app.route('/files', filesRoutes(storage, config));
  // Liveness and readiness for load balancers, outside /api's session and origin checks (decision 024).
  app.route('/', healthRoutes({ config, database, isDraining: () => lifecycle.draining }));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // The database could not be asked for a game's lock in time (decision 024): try again shortly.
    if (error instanceof LocksUnavailableError) {
      logger.warn(`${c.req.method} ${rawPathAndQuery(c.req.url).path}: ${error.message}`);
      c.header('Retry-After', '5');
      return jsonError(c, 503, 'UNAVAILABLE', API_MESSAGES.unavailable);
    }
    // The path as sent (still percent-encoded): decoded, %0A would forge a log line.
    const where = `${c.req.method} ${rawPathAndQuery(c.req.url).path}`;
    // No database to ask (decision 057): try again shortly, as /readyz already says.
    if (isDatabaseUnavailable(error)) {
      logger.warn(`${where}: the database is unavailable:`, error);
      c.header('Retry-After', '5');
      return jsonError(c, 503, 'UNAVAILABLE', API_MESSAGES.unavailable);
    }
    // A value the database refuses (class 22: data exception) is the request's fault: a backstop for what the
    // input checks might still let through, never a 500.
    if (databaseErrorClass(error) === '22') {
      logger.warn(`${where} sent a value the database refused:`, error);
      return jsonError(c, 400, 'UNSTORABLE_VALUE', API_MESSAGES.unstorableValue);
    }
    // A write naming a game (or owner) that was deleted while the request ran (decision 018): it is gone.
    if (databaseErrorCode(error) === '23503') {
      logger.warn(`${where} wrote to a game deleted meanwhile:`, error);
      return jsonError(c, 404, 'NOT_FOUND', GAME_MESSAGES.notFound);
    }
    logger.error(`${where} failed:`, error);
    return jsonError(c, 500, 'INTERNAL', API_MESSAGES.internal);
  });
  // The same app, typed with the /api routes for the web app's typed client (hono/client): `route` returns `this`.
  const withApi = app.route('/api', api);
  app.route('/v1', runtime.routes);

  const webApp = webAppRoutes(config, logger);
  if (webApp) app.route('/', webApp);

  // Raw analytics events' day partitions: made ahead, dropped after their retention (decision 044).
  const analytics = createAnalyticsMaintenance({
    db: database.db,
    logger,
    retentionDays: config.analyticsRetentionDays,
    now,
  });
  // Claims into the analytics, read from their rows every few seconds (decision 045).
  const claimFeed = createClaimAnalyticsFeed({ db: database.db, logger, now });
  let stopCleanup = () => {};
  /** Stops this instance's notifications and storage cleanup (the database and mailer are the caller's). */
  const close = async () => {
    lifecycle.draining = true;
    await liveUpdates.closeAll();
    runtime.close();
    analytics.stop();
    await claimFeed.stop();
    await sessionAnalytics.stop();
    stopCleanup();
    await intents.close();
    await liveEvents.close();
    await notifier.close();
    await locks.close();
  };

  return {
    app: withApi,
    auth,
    liveEvents,
    notifier,
    storage,
    lifecycle,
    /**
     * The app's part of a graceful stop (decision 025), once the requests in flight are answered: every change
     * they published has reached this instance's streams, which then end with a hint to reconnect elsewhere.
     */
    endStreams: async () => {
      lifecycle.draining = true;
      await liveEvents.flush();
      await liveUpdates.closeAll();
    },
    close,
    /** What stopped instances left in storage, finished now (tests; the server runs it through startStorageCleanup). */
    cleanUpStorage: (options: { now?: number; incomplete?: boolean } = {}) =>
      cleanUpStorage({ ...cleanupDeps, ...options }),
    /** The analytics partitions' upkeep at start and every hour after (decision 044), and the claims' feed (045). */
    startAnalyticsMaintenance: () => {
      analytics.start();
      claimFeed.start();
      sessionAnalytics.start();
    },
    /** One pass of the claims' feed into the analytics (tests; the server runs it every few seconds). */
    feedClaimAnalytics: claimFeed.pass,
    /** Writes the sessions gathered for the analytics now (tests; the server does it every second). */
    flushSessionAnalytics: sessionAnalytics.flush,
    /** The cleanup at start and every minute after (decision 026). */
    startStorageCleanup: () => {
      stopCleanup();
      stopCleanup = startStorageCleanup(cleanupDeps);
    },
  };
}

export type App = Awaited<ReturnType<typeof createApp>>['app'];
