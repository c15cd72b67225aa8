import { createMiddleware } from 'hono/factory';
import { requestHeader } from './request-header';

/**
 * An answer given before the request body was read (a 413, a 401 on an upload) leaves that body on the socket,
 * so the connection cannot carry another request: say `Connection: close` rather than keep-alive.
 */
export const closeAfterUnreadBody = createMiddleware(async (c, next) => {
  await next();
  const request = c.req.raw;
  const hasBody =
    Number(requestHeader(c, 'content-length') ?? 0) > 0 || requestHeader(c, 'transfer-encoding') !== undefined;
  if (c.res.status === 413 || (hasBody && !request.bodyUsed)) c.res.headers.set('Connection', 'close');
});
