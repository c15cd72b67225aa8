import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Logger } from '../lib/logger';

/**
 * The built dashboard: hashed bundles cached for a year, every other GET answered with index.html (client routes).
 * Null when the web app is not built, so only /api is served.
 */
export function webAppRoutes(webDistDir: string | null | undefined, logger: Logger): Hono | null {
  if (!webDistDir || !existsSync(path.join(webDistDir, 'index.html'))) {
    logger.warn('the web app is not built (npm run build); only /api is served');
    return null;
  }
  const root = path.relative(process.cwd(), webDistDir) || '.';
  return new Hono()
    .use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    .use('*', serveStatic({ root }))
    .get('*', serveStatic({ root, path: 'index.html', onFound: (_p, c) => c.header('Cache-Control', 'no-cache') }));
}
