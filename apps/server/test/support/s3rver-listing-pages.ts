import crypto from 'node:crypto';

/**
 * s3rver (in this process) makes ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17 and
 * later) only offers through its legacy provider, so any listing longer than one page fails with InternalError.
 * Triple DES with its three keys equal is single DES, byte for byte: answering 'des' with it lets s3rver page.
 */
export function allowS3rverListingPages(): void {
  type Maker = typeof crypto.createCipheriv;
  const patched = crypto as unknown as { createCipheriv: Maker; createDecipheriv: Maker; s3rverPages?: true };
  if (patched.s3rverPages) return;
  patched.s3rverPages = true;
  const asTripleDes = (make: Maker): Maker =>
    ((algorithm: string, key: Buffer, iv: Buffer, options?: never) =>
      algorithm === 'des'
        ? make('des-ede3-cbc', Buffer.concat([key, key, key]), iv, options)
        : make(algorithm, key, iv, options)) as Maker;
  patched.createCipheriv = asTripleDes(crypto.createCipheriv);
  patched.createDecipheriv = asTripleDes(crypto.createDecipheriv as unknown as Maker);
}
