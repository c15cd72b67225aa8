import { createMiddleware } from 'hono/factory';
import { API_MESSAGES } from '@liveops/domain/shared';
import { jsonError } from './json';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * State-changing requests must come from a trusted origin (the ones Better Auth trusts): the Origin header, or
 * the Referer's origin when a browser sent none. SameSite cookies alone let a same-site page (another port or
 * subdomain) post a form with the developer's cookie; this refuses it.
 */
export function requireTrustedOrigin(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map((origin) => originOf(origin)).filter((o): o is string => !!o));
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'));
    if (!origin || !trusted.has(origin)) return jsonError(c, 403, 'UNTRUSTED_ORIGIN', API_MESSAGES.untrustedOrigin);
    await next();
  });
}
