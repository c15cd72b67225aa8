import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  checkEmbedConfig,
  PUBLISHED_INLINE_CONFIG_ID,
  PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE,
  PUBLISHED_PRERENDER_PARAMS,
} from '@liveops/domain/published';
import { prerenderDailyRewards } from '@liveops/views/prerender';
import type { Context } from 'hono';
import type { Config } from '../env';
import { baseHeaders, type HeaderSet, popupPageContentSecurityPolicy } from '../http/http-policy';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Where the web build writes the published daily-rewards page (apps/web/vite.published.config.ts). */
export const PUBLISHED_PAGE_FILE = 'packs/daily_rewards/daily_rewards.html';

/** The built page's path, in the web build the server serves (WEB_DIST_DIR, else apps/web/dist). */
export function publishedPagePath(config: Pick<Config, 'webDistDir'>): string | null {
  return config.webDistDir ? path.join(config.webDistDir, PUBLISHED_PAGE_FILE) : null;
}

/**
 * The published daily-rewards page's bytes, as built: one self-contained HTML file that publishing writes beside
 * each config.json. Given PUBLIC_URL (publishing's reader is), as this deployment publishes it: allowed to claim at
 * the runtime (withRuntimeConnect). Throws, naming the file, when the web app is not built.
 */
export async function readPublishedPageHtml(
  config: Pick<Config, 'webDistDir'> & { publicUrl?: string },
): Promise<Buffer> {
  const file = publishedPagePath(config);
  if (!file) throw new Error('The published page cannot be read: WEB_DIST_DIR is not set and the web app is unknown');
  try {
    const built = await readFile(file);
    return config.publicUrl ? Buffer.from(withRuntimeConnect(built.toString('utf8'), config.publicUrl)) : built;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`The published page is not built: ${file} is missing (run npm run build)`);
    }
    throw error;
  }
}

const POLICY_CONNECT = /(<meta http-equiv="Content-Security-Policy" content="[^"]*connect-src )([^;"]*)/;

/**
 * The page with PUBLIC_URL's origin added to its policy's connect-src (decision 036): opened from the runtime's
 * popupUrl it claims at `${PUBLIC_URL}/v1`, wherever it is served from. A page in a bucket or on a CDN, another
 * origin than the runtime's, has only the policy it carries, so publishing writes it there; the header /files
 * sends with it says the same (publishedPageContentSecurityPolicy).
 */
export function withRuntimeConnect(html: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return html.replace(POLICY_CONNECT, (whole, head: string, sources: string) =>
    sources.split(/\s+/).includes(origin) ? whole : `${head}${sources} ${origin}`,
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const EMPTY_ROOT = '<div id="root"></div>';
const POLICY_STYLES = /(<meta http-equiv="Content-Security-Policy" content="[^"]*style-src )([^;"]*)/;

/**
 * One config's published page (decision 021): the built page (`template`) with the config's JSON inline (the
 * page reads no config.json) and its popup prerendered into #root for PUBLISHED_PRERENDER_PARAMS, so the popup
 * paints as the HTML arrives; the page's script adjusts the day cards to the player's streak before that paint
 * and takes the popup over after it. The prerender's stylesheet is allowed by its hash in the page's policy.
 * `configJson` is the config.json written beside the page; one the page would refuse is inlined but not drawn,
 * so the page shows its error as it would for config.json. Throws when the template is not the built page.
 */
export function publishedPageFor(template: string, configJson: string): string {
  if (!template.includes(EMPTY_ROOT) || !POLICY_STYLES.test(template) || !template.includes('</head>')) {
    throw new Error('The published page has no empty #root or no style-src in its policy: rebuild the web app');
  }
  // A data block is never run, and a `<` written as \u003c cannot end it.
  const inline = `<script type="application/json" id="${PUBLISHED_INLINE_CONFIG_ID}">${configJson.replace(/</g, '\\u003c')}</script>`;
  const config = checkEmbedConfig(JSON.parse(configJson));
  if (!config) return template.replace(EMPTY_ROOT, () => `${EMPTY_ROOT}\n    ${inline}`);
  const { markup, css } = prerenderDailyRewards(config, PUBLISHED_PRERENDER_PARAMS);
  // Replaced by functions: a string replacement would read `$&` in the config or the markup as a pattern.
  return (
    template
      .replace(POLICY_STYLES, (_match, head: string, styles: string) => `${head}${styles} ${sha256(css)}`)
      // Where the browser knows rel=expect (Chromium 124+), nothing is painted before the popup's markup has been
      // read in whole (the config block follows it): no half-drawn popup while a large page arrives.
      .replace(
        '</head>',
        () =>
          `  <style>${css}</style>\n    <link rel="expect" href="#${PUBLISHED_INLINE_CONFIG_ID}" blocking="render" />\n  </head>`,
      )
      .replace(
        EMPTY_ROOT,
        () =>
          `<div id="root" ${PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE}="${config.cycleDays}">${markup}</div>\n    ${inline}`,
      )
  );
}

/** The directives of the Content-Security-Policy meta tag the build put in the page. */
function metaPolicy(html: string): Map<string, string> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  if (!content) throw new Error(`The published page has no Content-Security-Policy meta tag: rebuild the web app`);
  return new Map(
    content.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
}

/**
 * The page's CSP as a header: its inline script and styles by the hashes the build listed in its meta tag (the
 * only code it may run), images as the embed page takes them (this origin, data:, any https origin and the asset
 * stores' origins, whatever their scheme), requests where its meta tag allows them (config.json from this origin,
 * the runtime's claims from PUBLIC_URL's, decision 036), and framed by any host, file: pages too (no
 * frame-ancestors, decision 022).
 */
export function publishedPageContentSecurityPolicy(html: string, config: Pick<Config, 'publicUrl' | 's3'>): string {
  const meta = metaPolicy(html);
  const script = meta.get('script-src');
  const style = meta.get('style-src');
  if (!script || !style) throw new Error('The published page lists no script or style hashes: rebuild the web app');
  return popupPageContentSecurityPolicy(config, { script, style, connect: meta.get('connect-src') || "'self'" });
}

/**
 * The published page's HTTP policy (decision 013, decision 017): the embed area's, framed by any host and read
 * from any origin, with the page's own CSP. Revalidated on every load, as the product's copy changes with it.
 */
export function publishedPageHeaders(html: string, config: Pick<Config, 'publicUrl' | 's3'>): HeaderSet {
  return {
    ...baseHeaders(config),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Content-Security-Policy': publishedPageContentSecurityPolicy(html, config),
  };
}

type Served = { mtimeMs: number; etag: string; headers: HeaderSet; plain: Buffer; gzip: Buffer; brotli: Buffer };

/**
 * GET /packs/daily_rewards/daily_rewards.html: the built page, brotli or gzip when the browser takes them, with
 * an ETag for the web view's revalidation. Read again, hashed and compressed once each time the build changes
 * it; 404 while it is not built.
 */
export function publishedPageHandler(config: Pick<Config, 'webDistDir' | 'publicUrl' | 's3'>) {
  let served: Served | null = null;
  const load = async (mtimeMs: number): Promise<Served> => {
    // The product's own copy, exactly as built: a popupUrl names a release's page, never this one.
    const plain = await readPublishedPageHtml({ webDistDir: config.webDistDir });
    const [br, gz] = await Promise.all([
      brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gzipAsync(plain, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
    return {
      mtimeMs,
      etag,
      headers: publishedPageHeaders(plain.toString('utf8'), config),
      plain,
      gzip: gz,
      brotli: br,
    };
  };

  return async (c: Context) => {
    const file = publishedPagePath(config);
    const mtimeMs = file
      ? await stat(file).then(
          (s) => s.mtimeMs,
          () => null,
        )
      : null;
    if (mtimeMs === null) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (served?.mtimeMs !== mtimeMs) served = await load(mtimeMs);
    const page = served;
    for (const [name, value] of Object.entries(page.headers)) c.header(name, value);
    c.header('ETag', page.etag);
    c.header('Vary', 'Accept-Encoding');
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304);
    const accepted = c.req.header('accept-encoding') ?? '';
    if (/\bbr\b/.test(accepted)) {
      c.header('Content-Encoding', 'br');
      return c.body(new Uint8Array(page.brotli), 200);
    }
    if (/\bgzip\b/.test(accepted)) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(page.gzip), 200);
    }
    return c.body(new Uint8Array(page.plain), 200);
  };
}
