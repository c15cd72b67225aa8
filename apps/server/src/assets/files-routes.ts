import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { BoundedCache } from '../cache/bounded-cache';
import type { Config } from '../env';
import {
  compressBody,
  COMPRESSION_THRESHOLD_BYTES,
  isCompressibleType,
  negotiateEncoding,
  type ContentEncoding,
} from '../http/compression';
import { publishedPageHeaders } from '../releases/published-page';
import { PACK_KEY_PREFIX } from '../storage/storage-keys';
import { isSafeStorageKey, type Storage } from '../storage/storage';

/** The last path segment of a key, as a quoted file name (keys are letters, digits, - _ and dots only). */
const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** A published pack's page (publish writes it under packs/): the one stored file that is meant to run. */
const isPublishedPage = (key: string, contentType: string) =>
  key.startsWith(PACK_KEY_PREFIX) && key.endsWith('.html') && contentType.startsWith('text/html');

/** How many bytes of compressed stored files are kept (a published page is about 25 KB). */
const COMPRESSED_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Compressed copies of stored text files, by their content's hash and encoding: compressed once at the highest
 * level, then reused until evicted. Content-addressed, so a stable path switched to a new release never gets the
 * old copy.
 */
function compressedCache() {
  const entries = new BoundedCache<string, Uint8Array>({
    capacity: COMPRESSED_CACHE_BYTES,
    weigh: (compressed) => compressed.length,
  });
  return async (hash: string, encoding: ContentEncoding, body: Uint8Array): Promise<Uint8Array> => {
    const key = `${hash}:${encoding}`;
    const hit = entries.get(key);
    if (hit) return hit;
    const compressed = await compressBody(body, encoding, true);
    entries.set(key, compressed);
    return compressed;
  };
}

/** Whether an If-None-Match header names this ETag (weakly compared, as for GET). */
const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

/**
 * GET /files/<key>: stored objects, for the filesystem adapter and for S3 without S3_PUBLIC_URL. Served with the
 * type decided at upload, nosniff, inline with a safe file name, and a CSP that lets nothing run even if a file
 * were opened as a page; a published pack's page instead takes the published page's policy (its own inline
 * code by hash, framed by any game host), as it would from a bucket or CDN. Text (pages, config.json, manifests)
 * goes out as br or gzip when the client accepts it (decision 026), each encoding with its own ETag; images as
 * stored. No ranges: a Range header is answered with the whole file, as HTTP allows.
 */
export function filesRoutes(storage: Storage, config: Pick<Config, 'publicUrl' | 's3'>) {
  const compressed = compressedCache();
  return new Hono().get('/*', async (c) => {
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/files\//, ''));
    } catch {
      return c.text('Bad request', 400, { 'Cache-Control': 'no-store' });
    }
    if (!isSafeStorageKey(key)) return notFound();
    const object = await storage.get(key);
    if (!object) return notFound();

    let headers: Record<string, string> = {
      'Content-Type': object.contentType,
      'Cache-Control': object.cacheControl ?? 'public, max-age=300',
      'Content-Disposition': `inline; filename="${fileNameOf(key)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    };
    if (isPublishedPage(key, object.contentType)) {
      try {
        headers = {
          ...publishedPageHeaders(new TextDecoder().decode(object.body), config),
          'Cache-Control': object.cacheControl ?? 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        };
      } catch {
        // Not a page the build made (no hash list): served like any other file, where nothing runs.
      }
    }

    const hash = createHash('sha256').update(object.body).digest('base64url').slice(0, 27);
    const text = isCompressibleType(object.contentType);
    const encoding =
      text && object.body.length >= COMPRESSION_THRESHOLD_BYTES
        ? negotiateEncoding(c.req.header('accept-encoding'))
        : null;
    const etag = `"${hash}${encoding ? `-${encoding}` : ''}"`;
    headers.ETag = etag;
    if (text) headers.Vary = 'Accept-Encoding';
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    if (!encoding) return c.body(object.body as Uint8Array<ArrayBuffer>, 200, headers);
    const body = await compressed(hash, encoding, object.body);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': encoding });
  });
}
