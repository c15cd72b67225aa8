import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { API_BODY_MAX_BYTES, API_MESSAGES } from '@liveops/domain';
import { createAuth } from './auth';
import type { Database } from './db/database';
import type { Config } from './env';
import { jsonError } from './lib/http';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import { createLiveEvents } from './lib/live-events';
import { resolveAuthSecret } from './lib/secret';
import { authRoutes } from './routes/auth';
import { eventsRoutes } from './routes/events';
import { gamesRoutes } from './routes/games';
import { meRoutes } from './routes/me';

export type AppDeps = { config: Config; database: Database; mailer: Mailer; logger: Logger };

export async function createApp({ config, database, mailer, logger }: AppDeps) {
  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const auth = await createAuth({ config, db: database.db, mailer, logger, secret });
  const liveEvents = await createLiveEvents(database, logger);

  const api = new Hono()
    .use(
      bodyLimit({
        maxSize: API_BODY_MAX_BYTES,
        onError: (c) => jsonError(c, 413, 'PAYLOAD_TOO_LARGE', API_MESSAGES.bodyTooLarge),
      }),
    )
    .route('/auth', authRoutes({ auth, config, db: database.db }))
    .route('/me', meRoutes(auth))
    .route('/games', gamesRoutes({ auth, db: database.db, liveEvents }))
    .route('/events', eventsRoutes(auth, liveEvents))
    .all('/*', (c) => jsonError(c, 404, 'NOT_FOUND', API_MESSAGES.notFound));

  const app = new Hono();
  app.use(
    secureHeaders({ crossOriginResourcePolicy: 'same-origin', referrerPolicy: 'strict-origin-when-cross-origin' }),
  );
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    logger.error(`${c.req.method} ${c.req.path} failed:`, error);
    return jsonError(c, 500, 'INTERNAL', API_MESSAGES.internal);
  });
  app.route('/api', api);

  if (config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html'))) {
    const root = path.relative(process.cwd(), config.webDistDir) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use('*', serveStatic({ root }));
    // History fallback: every other GET is a client route.
    app.get('*', serveStatic({ root, path: 'index.html', onFound: (_p, c) => c.header('Cache-Control', 'no-cache') }));
  } else {
    logger.warn('the web app is not built (npm run build); only /api is served');
  }

  return { app, auth, liveEvents };
}

export type App = Awaited<ReturnType<typeof createApp>>['app'];
