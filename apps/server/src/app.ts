import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { API_BODY_MAX_BYTES, API_MESSAGES, ASSET_UPLOAD_MAX_BYTES } from '@liveops/domain';
import { createAuth } from './auth';
import type { Database } from './db/database';
import type { Config } from './env';
import { jsonError } from './lib/http';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import { createLiveEvents, LIVE_EVENTS_CHANNEL } from './lib/live-events';
import { createNotifier } from './lib/notifier';
import { SESSIONS_CHANNEL } from './lib/session-cache';
import { resolveAuthSecret } from './lib/secret';
import { assetsRoutes } from './routes/assets';
import { authRoutes } from './routes/auth';
import { eventsRoutes } from './routes/events';
import { filesRoutes } from './routes/files';
import { gamesRoutes } from './routes/games';
import { itemsRoutes } from './routes/items';
import { meRoutes, sessionRoutes } from './routes/me';
import { packsRoutes } from './routes/packs';
import { segmentsRoutes } from './routes/segments';
import { webAppRoutes } from './routes/web-app';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

export type AppDeps = { config: Config; database: Database; mailer: Mailer; logger: Logger; storage?: Storage };

/** Room for the multipart framing around the largest accepted image. */
const UPLOAD_BODY_MAX_BYTES = ASSET_UPLOAD_MAX_BYTES + 64 * 1024;
const onTooLarge = (c: Parameters<typeof jsonError>[0]) =>
  jsonError(c, 413, 'PAYLOAD_TOO_LARGE', API_MESSAGES.bodyTooLarge);
const jsonBodyLimit = bodyLimit({ maxSize: API_BODY_MAX_BYTES, onError: onTooLarge });
const uploadBodyLimit = bodyLimit({ maxSize: UPLOAD_BODY_MAX_BYTES, onError: onTooLarge });

export async function createApp({ config, database, mailer, logger, storage = createStorage(config) }: AppDeps) {
  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const notifier = await createNotifier(database, logger, [LIVE_EVENTS_CHANNEL, SESSIONS_CHANNEL]);
  const auth = await createAuth({ config, db: database.db, mailer, logger, secret, notifier });
  const liveEvents = createLiveEvents(notifier, logger);

  const api = new Hono()
    .use((c, next) =>
      (c.req.method === 'POST' && /^\/api\/games\/[^/]+\/assets\/?$/.test(c.req.path)
        ? uploadBodyLimit
        : jsonBodyLimit)(c, next),
    )
    .route('/auth', authRoutes({ auth, config, db: database.db }))
    .route('/me', meRoutes(auth))
    .route('/session', sessionRoutes(auth))
    .route('/games/:gameId/assets', assetsRoutes({ auth, db: database.db, liveEvents, storage, logger }))
    .route('/games/:gameId/items', itemsRoutes({ auth, db: database.db, liveEvents, storage }))
    .route('/games/:gameId/packs', packsRoutes({ auth, db: database.db, liveEvents, storage }))
    .route('/games/:gameId/segments', segmentsRoutes({ auth, db: database.db, liveEvents }))
    .route('/games', gamesRoutes({ auth, db: database.db, liveEvents }))
    .route('/events', eventsRoutes(auth, liveEvents))
    .all('/*', (c) => jsonError(c, 404, 'NOT_FOUND', API_MESSAGES.notFound));

  const app = new Hono();
  // Before the page headers: stored files carry their own, and may be embedded by game clients anywhere.
  app.route('/files', filesRoutes(storage));
  app.use(
    secureHeaders({ crossOriginResourcePolicy: 'same-origin', referrerPolicy: 'strict-origin-when-cross-origin' }),
  );
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    logger.error(`${c.req.method} ${c.req.path} failed:`, error);
    return jsonError(c, 500, 'INTERNAL', API_MESSAGES.internal);
  });
  app.route('/api', api);

  const webApp = webAppRoutes(config, logger);
  if (webApp) app.route('/', webApp);

  /** Stops this instance's notifications (the database and mailer are the caller's). */
  const close = async () => {
    await liveEvents.close();
    await notifier.close();
  };

  return { app, auth, liveEvents, storage, close };
}

export type App = Awaited<ReturnType<typeof createApp>>['app'];
