import { Hono } from 'hono';
import type { Config } from '../env';
import { publishedPageHeaders } from '../resources/published-page';
import { PACK_KEY_PREFIX } from '../storage/storage-keys';
import { isSafeStorageKey, type Storage } from '../storage/storage';

/** The last path segment of a key, as a quoted file name (keys are letters, digits, - _ and dots only). */
const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** A published pack's page (publish writes it under packs/): the one stored file that is meant to run. */
const isPublishedPage = (key: string, contentType: string) =>
  key.startsWith(PACK_KEY_PREFIX) && key.endsWith('.html') && contentType.startsWith('text/html');

/**
 * GET /files/<key>: stored objects, for the filesystem adapter and for S3 without S3_PUBLIC_URL. Served with the
 * type decided at upload, nosniff, inline with a safe file name, and a CSP that lets nothing run even if a file
 * were opened as a page; a published pack's page instead takes the published page's policy (its own inline
 * code by hash, framed by any game host), as it would from a bucket or CDN.
 */
export function filesRoutes(storage: Storage, config: Pick<Config, 'publicUrl' | 's3'>) {
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
    if (isPublishedPage(key, object.contentType)) {
      try {
        const headers = publishedPageHeaders(new TextDecoder().decode(object.body), config);
        return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
          ...headers,
          'Cache-Control': object.cacheControl ?? 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        });
      } catch {
        // Not a page the build made (no hash list): served like any other file, where nothing runs.
      }
    }
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': object.contentType,
      'Cache-Control': object.cacheControl ?? 'public, max-age=300',
      'Content-Disposition': `inline; filename="${fileNameOf(key)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
}
