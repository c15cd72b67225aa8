import { createHash } from 'node:crypto';

/*
 * The one idempotent replay by Idempotency-Key, for every write of the ledger (a claim, a server grant or consume,
 * a support action): a key names one request for good. The same request sent again is answered what the first one
 * was answered and changes nothing; another request with a used key is refused, and nothing is done.
 */

/** What was done with a key: a fingerprint of the request it answered (a hash, or what names it) and its answer. */
export type KeyedRecord<T> = { request: string; response: T };

export type Replayed<T> = { kind: 'replayed'; response: T } | { kind: 'key-reused' };

/** The answer to a request whose key was used before (`done`), or null when the key is new. */
export function replayOf<T>(done: KeyedRecord<T> | null, request: string): Replayed<T> | null {
  if (!done) return null;
  return done.request === request ? { kind: 'replayed', response: done.response } : { kind: 'key-reused' };
}

/** A request's fingerprint as the stored records keep it: SHA-256 of its canonical text, in hex. */
export const requestHash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Does `write` once per key. A key used before answers its replay; `write` answers null when the key was taken
 * while it ran (a double click, a retry racing the first request: the key's unique index refused it, and nothing
 * was written), and then the request that took it is replayed, or refused if it was another one.
 */
export async function onceByKey<T, W extends object>(
  find: () => Promise<KeyedRecord<T> | null>,
  request: string,
  write: () => Promise<W | null>,
): Promise<Replayed<T> | { kind: 'written'; result: W }> {
  const earlier = replayOf(await find(), request);
  if (earlier) return earlier;
  const result = await write();
  if (result !== null) return { kind: 'written', result };
  return replayOf(await find(), request) ?? { kind: 'key-reused' };
}
