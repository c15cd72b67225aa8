import { PUBLISH_MESSAGES } from '@liveops/domain/releases';
import { StorageTimeout } from './timed-storage';

/** A refusal or failure a publish or rollback answers with: an HTTP status, a code and a message for people. */
export class PublishError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a failed storage call said, for the log and the studio's message. */
export const storageDetail = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'unknown error';

/** What a publish or rollback answers for a failure: its own refusal as it is, anything else as the store's (502). */
export function asPublishError(error: unknown): PublishError {
  if (error instanceof PublishError) return error;
  return new PublishError(
    502,
    error instanceof StorageTimeout ? 'STORAGE_TIMEOUT' : 'STORAGE_FAILED',
    PUBLISH_MESSAGES.storageFailed(storageDetail(error)),
  );
}
