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
