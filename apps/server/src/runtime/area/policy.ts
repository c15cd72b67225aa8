import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../env';
import { baseHeaders } from '../../http/http-policy';

/**
 * The area's policy (decision 013): any origin may call it, without credentials (CORS), and nothing of it is
 * cached, framed or rendered. Set with c.header() before any answer is built, so the answer is built once with
 * them (setting them on a finished Response, or having CORS build one early, was a tenth of a claim's CPU).
 */
export function runtimePolicy(config: Pick<Config, 'publicUrl'>): MiddlewareHandler {
  const areaHeaders = Object.entries({
    ...baseHeaders(config),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Retry-After',
  });
  const preflightHeaders = Object.entries({
    'Access-Control-Allow-Methods': 'GET,POST,OPTIONS',
    'Access-Control-Allow-Headers':
      'Authorization,Content-Type,Idempotency-Key,X-LiveOps-Key,X-LiveOps-Timestamp,X-LiveOps-Signature',
    'Access-Control-Max-Age': '86400',
  });
  return async (c, next) => {
    for (const [name, value] of areaHeaders) c.header(name, value);
    if (c.req.method === 'OPTIONS') {
      for (const [name, value] of preflightHeaders) c.header(name, value);
      return c.body(null, 204);
    }
    await next();
  };
}
