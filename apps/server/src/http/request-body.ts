import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_BODY_MAX_BYTES } from '@liveops/domain/accounts';
import { ASSET_UPLOAD_MAX_BYTES } from '@liveops/domain/assets';
import { API_MESSAGES } from '@liveops/domain/shared';
import { jsonError } from './json';
import { checkedBody } from './input-hygiene';

/** Room for the multipart framing around the largest accepted image. */
export const UPLOAD_BODY_MAX_BYTES = ASSET_UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * What a route that reads a body declares (decision 013): at most `maxBytes` of it (413 beyond, before any of it
 * is read when the length is announced), and every string in it free of control characters (input hygiene).
 * Bodiless reads skip both: reading c.req.raw.body, as bodyLimit does, would build a whole fetch Request.
 */
function acceptsBody(maxBytes: number): [MiddlewareHandler, MiddlewareHandler] {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => jsonError(c, 413, 'PAYLOAD_TOO_LARGE', API_MESSAGES.bodyTooLarge),
  });
  const bodyless = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return [(c, next) => (bodyless(c.req.method) ? next() : limit(c, next)), checkedBody];
}

/**
 * A UI layout may hold up to LAYOUT_LIMITS.totalChars characters of text, plus its JSON; 2 MiB holds the largest
 * one the layout schema accepts in any common script, and refuses the rest before reading it.
 */
export const LAYOUT_BODY_MAX_BYTES = 2 * 1024 * 1024;

/** A JSON (or form) body of at most API_BODY_MAX_BYTES: every write route but the upload. */
export const jsonBody = acceptsBody(API_BODY_MAX_BYTES);
/** An image upload: the largest accepted image and its multipart framing. */
export const uploadBody = acceptsBody(UPLOAD_BODY_MAX_BYTES);
/** A UI layout (the editor's save). */
export const layoutBody = acceptsBody(LAYOUT_BODY_MAX_BYTES);
