import { Hono } from 'hono';
import { isSafeStorageKey, type Storage } from '../storage/storage';

/**
 * GET /files/<key>: stored objects, for the filesystem adapter and for S3 without S3_PUBLIC_URL. Served with the
 * type decided at upload, nosniff, and a CSP that lets nothing run even if a file were opened as a page.
 */
export function filesRoutes(storage: Storage) {
  return new Hono().get('/*', async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^\/files\//, ''));
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (!isSafeStorageKey(key)) return notFound();
    const object = await storage.get(key);
    if (!object) return notFound();
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': object.contentType,
      'Cache-Control': object.cacheControl ?? 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
}
