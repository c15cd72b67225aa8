import { Hono } from 'hono';
import { isSafeStorageKey, type Storage } from '../storage/storage';

/** The last path segment of a key, as a quoted file name (keys are letters, digits, - _ and dots only). */
const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/**
 * GET /files/<key>: stored objects, for the filesystem adapter and for S3 without S3_PUBLIC_URL. Served with the
 * type decided at upload, nosniff, inline with a safe file name, and a CSP that lets nothing run even if a file
 * were opened as a page.
 */
export function filesRoutes(storage: Storage) {
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
