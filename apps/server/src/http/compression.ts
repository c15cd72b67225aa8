import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** Below this, an answer fits in a packet or two either way and is sent as it is. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text worth compressing; images (PNG, JPEG, GIF, WebP are compressed already), fonts and binaries are not. */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  // Streams are written as they happen: compressing them would hold their events back in the compressor.
  if (type === 'text/event-stream' || type === 'application/x-ndjson') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
}

/**
 * The encoding to answer with from an Accept-Encoding header: br, else gzip, each only when its q-value is above
 * zero (explicitly or through `*`); null for the identity.
 */
export function negotiateEncoding(header: string | null | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** Compresses a body; `best` for bodies compressed once and kept (stored files), a fast level per request. */
export async function compressBody(body: Uint8Array, encoding: ContentEncoding, best = false): Promise<Uint8Array> {
  if (encoding === 'br') {
    return brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: best ? constants.Z_BEST_COMPRESSION : 6 });
}

/** Adds Accept-Encoding to an answer's Vary, keeping what it already names. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** An answer's status and a copy of its headers (Set-Cookie kept one by one), for a new answer in its place. */
function copyOf(response: Response): ResponseInit {
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.set(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return { status: response.status, statusText: response.statusText, headers };
}

/**
 * Compresses a whole text answer (br or gzip) when the client accepts it (decision 026). Left as they are:
 * answers already encoded (the build's .br and .gz), partial ones, streams, images, `no-transform`, and bodies
 * under COMPRESSION_THRESHOLD_BYTES. Every compressible answer says Vary: Accept-Encoding, compressed or not, and a
 * strong ETag becomes weak, as the compressed bytes differ from the ones it named.
 */
export const compressWhenAccepted = createMiddleware(async (c, next) => {
  await next();
  const response = c.res;
  const headers = response.headers;
  if (!response.body || c.req.method === 'HEAD' || !isCompressibleType(headers.get('Content-Type'))) return;
  if (headers.has('Content-Encoding') || headers.has('Content-Range') || response.status === 206) return;
  if (/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')) return;
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  const length = Number(headers.get('Content-Length') ?? Number.NaN);
  let answer: Response;
  if (!encoding || length < COMPRESSION_THRESHOLD_BYTES) {
    answer = new Response(response.body, copyOf(response));
  } else {
    const body = new Uint8Array(await response.arrayBuffer());
    const small = body.length < COMPRESSION_THRESHOLD_BYTES;
    answer = new Response(small ? body : await compressBody(body, encoding), copyOf(response));
    if (!small) {
      answer.headers.set('Content-Encoding', encoding);
      answer.headers.delete('Content-Length');
      const etag = answer.headers.get('ETag');
      if (etag && !etag.startsWith('W/')) answer.headers.set('ETag', `W/${etag}`);
    }
  }
  // A new answer: on Node, an answer's headers may be a fresh copy at each read, so changes must go on a new one.
  varyOnEncoding(answer.headers);
  // Unset first: assigning over an answer would copy its old headers (Content-Length, the strong ETag) back.
  c.res = undefined;
  c.res = answer;
});
