import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * One header of the request, as `c.req.header(name)` answers it, without building a WHATWG `Headers` of every
 * header first (what `c.req.header()` does on Node, at every request: a twentieth of a claim's CPU with the objects it
 * leaves). On Node the value comes from Node's own parse of the request (`c.env.incoming`); a header sent twice is
 * read as `Headers` reads it (Node keeps only the first of some, such as Authorization), and so is everything when
 * the app runs without Node (`app.request()` in tests).
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.rawHeaders) return c.req.header(name);
  const raw = incoming.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name && ++seen > 1) return c.req.header(name);
  }
  if (!seen) return undefined;
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
