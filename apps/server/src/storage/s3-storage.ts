import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../env';
import { assertSafeStorageKey, assertSafeStoragePrefix, FILES_PATH, type Storage } from './storage';

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, GCS interop) with path-style addressing. Objects are
 * served from S3_PUBLIC_URL (a public bucket or CDN) when set, else through this server's /files path.
 * listPageSize (at most 1,000, S3's own page) lets tests reach a listing's later pages with few objects.
 */
export function createS3Storage(
  config: S3Config,
  publicBaseUrl: string,
  { listPageSize = 1000 }: { listPageSize?: number } = {},
): Storage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: true,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Some S3-compatible stores mishandle the SDK's default streaming checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  /** One PutObject; `onlyIfAbsent` adds If-None-Match: *. */
  async function send(
    key: string,
    body: Uint8Array,
    { contentType, cacheControl }: { contentType: string; cacheControl?: string },
    onlyIfAbsent: boolean,
  ): Promise<true> {
    assertSafeStorageKey(key);
    await client.send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ...(onlyIfAbsent ? { IfNoneMatch: '*' } : {}),
        ...(cacheControl ? { CacheControl: cacheControl } : {}),
      }),
    );
    return true;
  }

  return {
    kind: 's3',
    client,
    put: async (key, body, options) => void (await send(key, body, options, false)),
    async create(key, body, options) {
      try {
        // S3's conditional write: refused with 412 when the key exists. A store that ignores the header
        // overwrites; releases never reuse a version, so their keys are new either way.
        return await send(key, body, options, true);
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) return false;
        throw error;
      }
    },
    async get(key) {
      assertSafeStorageKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: await result.Body.transformToByteArray(),
          contentType: result.ContentType ?? 'application/octet-stream',
          cacheControl: result.CacheControl ?? null,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async *list(prefix) {
      assertSafeStoragePrefix(prefix);
      const pages = paginateListObjectsV2(
        { client, pageSize: listPageSize },
        { Bucket: config.bucket, Prefix: prefix, MaxKeys: listPageSize },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified?.getTime() ?? 0 };
        }
      }
    },
    // A PutObject lands whole or not at all: an interrupted write leaves nothing behind in the bucket.
    removeIncomplete: () => Promise.resolve(0),
    publicUrl: (key) => (config.publicUrl ? `${config.publicUrl}/${key}` : `${publicBaseUrl}${FILES_PATH}/${key}`),
  };
}
