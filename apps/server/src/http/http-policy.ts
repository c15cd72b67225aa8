import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../env';

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * An area's HTTP policy (decision 013): the headers every answer of the area carries, set after its handler in
 * one pass. `headers` always win; `defaults` fill in only what the handler did not set (a route may choose its
 * own Cache-Control, say). Each area (the API, the dashboard's pages, the embed page, published packs, /files)
 * declares its own next to its routes, so framing, CSP and caching are read where the routes are.
 */
export function httpPolicy({
  headers,
  defaults = {},
}: {
  headers: HeaderSet;
  defaults?: HeaderSet;
}): MiddlewareHandler {
  const always = Object.entries(headers);
  const unlessSet = Object.entries(defaults);
  return createMiddleware(async (c, next) => {
    await next();
    const answer = c.res.headers;
    for (const [name, value] of unlessSet) if (!answer.has(name)) answer.set(name, value);
    for (const [name, value] of always) answer.set(name, value);
  });
}

/** What every area's answers carry, whoever may frame or fetch them. */
export function baseHeaders(config: Pick<Config, 'publicUrl'>): HeaderSet {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Permitted-Cross-Domain-Policies': 'none',
    // HSTS means something only over https; sent over http it would pin a development host to https.
    ...(config.publicUrl.startsWith('https://')
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** Pages and answers only this origin may show: nobody frames them, no other origin reads them. */
export function sameOriginOnlyHeaders(config: Pick<Config, 'publicUrl'>): HeaderSet {
  return {
    ...baseHeaders(config),
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * The CSP of a page that shows a player's popup inside a game's host (the embed page, the published page): it may
 * do little, and be framed by anyone, so it has no frame-ancestors (decision 022): WebKit refuses every
 * frame-ancestors source, `*` and `file:` included, to a host page opened from disk (its origin is opaque), and
 * a game's bundled host page is one. Code and styles as the page says; images also from any https origin, since a
 * config's layout may name any https image (the layout schema's safe sources), and from PUBLIC_URL's and
 * S3_PUBLIC_URL's origins whatever their scheme, where the game's assets are. Plain http from elsewhere is not
 * allowed: served over https it would be mixed content. Requests (its config) only to this origin, unless the page
 * says more (the published page also claims at the runtime's origin, decision 036).
 */
export function popupPageContentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 's3'>,
  sources: { script: string; style: string; connect?: string },
): string {
  const imageSources = new Set(["'self'", 'data:', 'https:', new URL(config.publicUrl).origin]);
  if (config.s3?.publicUrl) imageSources.add(new URL(config.s3.publicUrl).origin);
  return [
    "default-src 'none'",
    `script-src ${sources.script}`,
    `style-src ${sources.style}`,
    `img-src ${[...imageSources].join(' ')}`,
    `connect-src ${sources.connect ?? "'self'"}`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}
