import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Config } from '../env';
import { httpPolicy, sameOriginOnlyHeaders } from '../lib/http-policy';
import type { Logger } from '../lib/logger';

/** Where Google serves account photos (the avatar in the top bar of a Google account). */
const GOOGLE_PHOTOS = 'https://*.googleusercontent.com';
/** The build writes .br and .gz beside these (apps/web/vite.config.ts). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
const PRECOMPRESSED = /\.(?:br|gz)$/;

/**
 * The dashboard's pages may load code, styles and data from this server only; images also from where asset
 * files are published (PUBLIC_URL's /files, or S3_PUBLIC_URL) and Google account photos; nobody may frame them.
 */
export function pageContentSecurityPolicy(config: Pick<Config, 'publicUrl' | 's3' | 'google'>): string {
  const imageSources = new Set(["'self'", 'data:', 'blob:', new URL(config.publicUrl).origin]);
  if (config.s3?.publicUrl) imageSources.add(new URL(config.s3.publicUrl).origin);
  if (config.google) imageSources.add(GOOGLE_PHOTOS);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...imageSources].join(' ')}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The built dashboard: hashed bundles cached for a year, every other GET answered with index.html (client routes),
 * each text file from the .br or .gz the build wrote beside it when the browser accepts one. Source maps are never
 * served. Null when the web app is not built, so only /api is served.
 */
export function webAppRoutes(config: Config, logger: Logger): Hono | null {
  const { webDistDir } = config;
  if (!webDistDir || !existsSync(path.join(webDistDir, 'index.html'))) {
    logger.warn('the web app is not built (npm run build); only /api is served');
    return null;
  }
  const root = path.relative(process.cwd(), webDistDir) || '.';
  const csp = pageContentSecurityPolicy(config);

  /** Headers for a file found on disk (its path ends in .br or .gz when a compressed copy was chosen). */
  const onFound = (cacheControl: string) => (file: string, c: Context) => {
    const original = file.replace(PRECOMPRESSED, '');
    // serveStatic says Vary only when it picked a compressed copy; a cache must know the plain answer varies too.
    if (!PRECOMPRESSED.test(file) && COMPRESSIBLE.test(original)) c.header('Vary', 'Accept-Encoding');
    if (original.endsWith('.html')) {
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Security-Policy', csp);
    } else {
      c.header('Cache-Control', cacheControl);
    }
  };

  return (
    new Hono()
      // The dashboard's area: only this origin shows it; each HTML page also carries the CSP above.
      .use(httpPolicy({ headers: sameOriginOnlyHeaders(config) }))
      .get('*', (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()))
      .use(
        '/assets/*',
        serveStatic({ root, precompressed: true, onFound: onFound('public, max-age=31536000, immutable') }),
      )
      // A bundle that is not there is missing, not a client route: no index.html under a script's URL.
      .get('/assets/*', (c) => c.text('Not found', 404))
      .use('*', serveStatic({ root, precompressed: true, onFound: onFound('no-cache') }))
      .get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: onFound('no-cache') }))
  );
}
