import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isMusicPath } from '@liveops/domain/music';
import { EMBED_PATH } from '@liveops/domain/popup';
import { PUBLISHED_PAGE_PATH } from '@liveops/domain/published';
import type { Config } from '../env';
import {
  baseHeaders,
  type HeaderSet,
  httpPolicy,
  popupPageContentSecurityPolicy,
  sameOriginOnlyHeaders,
} from '../http/http-policy';
import type { Logger } from '../logging/logger';
import { publishedPageHandler } from '../releases/published-page';

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
  const frameSources = new Set(["'self'", new URL(config.publicUrl).origin]);
  if (config.s3?.publicUrl) frameSources.add(new URL(config.s3.publicUrl).origin);
  if (config.google) imageSources.add(GOOGLE_PHOTOS);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...imageSources].join(' ')}`,
    "connect-src 'self'",
    // The Emulator frames a release's published page, which lives where images are published (decision 040).
    `frame-src ${[...frameSources].join(' ')}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The embed page may be framed by any game's host page or web view, a page opened from disk included, so it has
 * no frame-ancestors at all (decision 022); instead it may do little (popupPageContentSecurityPolicy): code and
 * styles from this server only.
 */
export function embedContentSecurityPolicy(config: Pick<Config, 'publicUrl' | 's3'>): string {
  return popupPageContentSecurityPolicy(config, { script: "'self'", style: "'self' 'unsafe-inline'" });
}

/**
 * The embed area's policy (decision 013): framed by any host (no X-Frame-Options, no frame-ancestors), readable
 * across origins, and no Cross-Origin-Opener-Policy, which would cut a host that opens the page in a window off
 * from it.
 */
export function embedPageHeaders(config: Pick<Config, 'publicUrl' | 's3'>): HeaderSet {
  return {
    ...baseHeaders(config),
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Content-Security-Policy': embedContentSecurityPolicy(config),
  };
}

/**
 * The music toy (/{name}-music) needs nothing but its own script and styles: no connections, fonts or images
 * from anywhere (its favicon aside), no inline code or styles, and no HTML made from strings at all (Trusted Types
 * with no policy), so its name can only ever be text. Nobody frames it.
 */
export const MUSIC_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

/** The music page's policy: the dashboard's same-origin-only headers with its own CSP. */
export function musicPageHeaders(config: Pick<Config, 'publicUrl'>): HeaderSet {
  return { ...sameOriginOnlyHeaders(config), 'Content-Security-Policy': MUSIC_CONTENT_SECURITY_POLICY };
}

/**
 * Pages with their own HTML entry and the embed policy: the embed page and the static /test mock of a popup,
 * which a developer may frame in a web view just as well. Neither loads the dashboard's code.
 */
const EMBED_AREA_PAGES: Readonly<Record<string, string>> = {
  [EMBED_PATH]: 'embed.html',
  [`${EMBED_PATH}/`]: 'embed.html',
  '/test': 'test.html',
};

/** Whose policy an answer takes, by its path: the embed area's pages, the music page, or the dashboard's. */
function areaOf(pagePath: string): 'dashboard' | 'embed' | 'music' {
  if (Object.hasOwn(EMBED_AREA_PAGES, pagePath)) return 'embed';
  return isMusicPath(pagePath) ? 'music' : 'dashboard';
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
  const dashboardPolicy = httpPolicy({ headers: sameOriginOnlyHeaders(config) });
  const embedPolicy = httpPolicy({ headers: embedPageHeaders(config) });
  const musicPolicy = httpPolicy({ headers: musicPageHeaders(config) });

  /** Headers for a file found on disk (its path ends in .br or .gz when a compressed copy was chosen). */
  const onFound = (cacheControl: string) => (file: string, c: Context) => {
    const original = file.replace(PRECOMPRESSED, '');
    // serveStatic says Vary only when it picked a compressed copy; a cache must know the plain answer varies too.
    if (!PRECOMPRESSED.test(file) && COMPRESSIBLE.test(original)) c.header('Vary', 'Accept-Encoding');
    if (original.endsWith('.html')) {
      c.header('Cache-Control', 'no-cache');
      // The embed area's pages and the music page carry their own CSP (embedPageHeaders, musicPageHeaders).
      if (areaOf(c.req.path) === 'dashboard') c.header('Content-Security-Policy', csp);
    } else {
      c.header('Cache-Control', cacheControl);
    }
  };

  const embedAreaPages = new Map(
    Object.entries(EMBED_AREA_PAGES).map(([pagePath, file]) => [
      pagePath,
      serveStatic({ root, path: file, precompressed: true, onFound: onFound('no-cache') }),
    ]),
  );
  // One policy per answer, chosen by path: a second policy middleware for the embed pages would run inside the
  // dashboard's, which would then overwrite what the two share and leave X-Frame-Options: DENY.
  const policies = { dashboard: dashboardPolicy, embed: embedPolicy, music: musicPolicy };
  const areaPolicy: MiddlewareHandler = (c, next) => policies[areaOf(c.req.path)](c, next);
  const musicPage = serveStatic({ root, path: 'music.html', precompressed: true, onFound: onFound('no-cache') });

  return (
    new Hono()
      // The published daily-rewards page answers with a policy of its own (publishedPageHeaders: framed by any
      // host, its inline code by hash) and so comes before the areas' policies.
      .get(PUBLISHED_PAGE_PATH, publishedPageHandler(config))
      // The dashboard's area: only this origin shows it; each HTML page also carries the CSP above. The embed
      // area's pages take the embed policy instead; the bundles keep this one, as only this origin's pages load them.
      .use(areaPolicy)
      .get('*', (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()))
      .use(
        '/assets/*',
        serveStatic({ root, precompressed: true, onFound: onFound('public, max-age=31536000, immutable') }),
      )
      // A bundle that is not there is missing, not a client route: no index.html under a script's URL.
      .get('/assets/*', (c) => c.text('Not found', 404))
      // Nor is anything else under /packs: the published page's config.json beside it is a 404, not the dashboard.
      .get('/packs/*', (c) => c.text('Not found', 404))
      .on('GET', Object.keys(EMBED_AREA_PAGES), (c, next) => embedAreaPages.get(c.req.path)?.(c, next) ?? next())
      // /{name}-music: any other path falls through to the dashboard, whose router says what is not found.
      .get('*', (c, next) => (isMusicPath(c.req.path) ? musicPage(c, next) : next()))
      .use('*', serveStatic({ root, precompressed: true, onFound: onFound('no-cache') }))
      .get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: onFound('no-cache') }))
  );
}
