import type { NoDailyRewardReason } from './types.js';

/**
 * Codes the SDK gives errors that no server answer carries (their `status` is 0). The server's own codes are
 * lower-case words too (`already_claimed`, `invalid_token`, `rate_limited`, `validation_error`, …).
 */
export const SDK_ERROR_CODES = {
  /** No answer: the network failed, or each try took longer than `timeoutMs`. */
  network: 'network_error',
  /** The call's `signal` was aborted. */
  aborted: 'aborted',
  /** A call that needs a player before `signIn`. */
  notSignedIn: 'not_signed_in',
  /** A 2xx answer whose body is not JSON. */
  invalidResponse: 'invalid_response',
  /** `showDailyRewards`: the player has no daily reward with that id (it is not in the game's live release). */
  configNotFound: 'config_not_found',
  /** `showDailyRewards`: the daily reward has no popup page to show. */
  popupUnavailable: 'popup_unavailable',
  /** `showDailyRewards`: the popup did not say it was ready within `readyTimeoutMs`. */
  popupTimeout: 'popup_timeout',
  /** `showDailyRewards`: another popup of this client is still open. */
  popupOpen: 'popup_open',
  /** `showDailyRewards`: the popup sent a claim without the server's answer, so nothing is known to be granted. */
  claimNotConfirmed: 'claim_not_confirmed',
  /** `showDailyRewards` outside a browser (no `document`). */
  noDocument: 'no_document',
  /** `track`: more events waited than `events.maxQueued`, and the oldest were dropped. */
  eventsDropped: 'events_dropped',
} as const;

export interface LiveOpsErrorInit {
  status: number;
  code: string;
  message: string;
  nextClaimAt?: string;
  issues?: { path: string; message: string }[];
  retryAfterMs?: number;
  cause?: unknown;
  reason?: NoDailyRewardReason;
  nextStartsAt?: string | null;
}

/** Every error the client throws or reports. Switch on `code`; `status` is the HTTP status, 0 when there was none. */
export class LiveOpsError extends Error {
  readonly status: number;
  readonly code: string;
  /** With `already_claimed`: when the next claim becomes possible (ISO 8601). */
  readonly nextClaimAt?: string;
  /** With `validation_error`: which fields were refused and why. */
  readonly issues?: { path: string; message: string }[];
  /** With `rate_limited` (or 503): how long the server asked to wait, when it said so. */
  readonly retryAfterMs?: number;
  /** What went wrong underneath, e.g. the network error fetch threw. */
  readonly cause?: unknown;
  /** `showDailyRewards`'s `config_not_found` when the player has no daily reward at all: why (see DailyRewardList). */
  readonly reason?: NoDailyRewardReason;
  /** With `reason` `not_scheduled`: when the next daily reward's schedule starts (ISO 8601), null when none will. */
  readonly nextStartsAt?: string | null;

  constructor(init: LiveOpsErrorInit) {
    super(init.message);
    this.name = 'LiveOpsError';
    this.status = init.status;
    this.code = init.code;
    if (init.nextClaimAt !== undefined) this.nextClaimAt = init.nextClaimAt;
    if (init.issues !== undefined) this.issues = init.issues;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.cause !== undefined) this.cause = init.cause;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.nextStartsAt !== undefined) this.nextStartsAt = init.nextStartsAt;
  }
}

/** The error an HTTP answer that is not 2xx stands for: its `{ code, message }` body, or a code from its status. */
export function errorFromAnswer(status: number, body: unknown, retryAfterMs: number | undefined): LiveOpsError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof fields.code === 'string' && fields.code ? fields.code : codeOfStatus(status);
  const message =
    typeof fields.message === 'string' && fields.message
      ? fields.message
      : `The LiveOps server answered HTTP ${status}.`;
  return new LiveOpsError({
    status,
    code,
    message,
    ...(typeof fields.nextClaimAt === 'string' ? { nextClaimAt: fields.nextClaimAt } : {}),
    ...(Array.isArray(fields.issues) ? { issues: fields.issues.filter(isIssue) } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

function codeOfStatus(status: number): string {
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'invalid_token';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server_error';
  return 'http_error';
}

function isIssue(value: unknown): value is { path: string; message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).path === 'string' &&
    typeof (value as Record<string, unknown>).message === 'string'
  );
}
