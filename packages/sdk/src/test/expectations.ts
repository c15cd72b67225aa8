import { expect } from 'vitest';
import { LiveOpsError } from '../live-ops-error.js';

/** A version 4 UUID, as the SDK makes event ids and idempotency keys. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The error a promise rejects with (failing the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<LiveOpsError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(LiveOpsError);
  return error as LiveOpsError;
}
