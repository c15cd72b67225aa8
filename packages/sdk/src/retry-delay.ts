export interface RetryOptions {
  /** Tries of one call in all, the first included (default 4); 1 never retries. */
  maxAttempts?: number;
  /** The first backoff (default 500 ms); each next one doubles, with jitter. */
  baseDelayMs?: number;
  /**
   * The longest wait before a retry (default 30 s). A `Retry-After` longer than this is not waited for: the call
   * fails at once with the server's error, its `retryAfterMs` saying how long the server asked for.
   */
  maxDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

/** The retry options a client was given, checked; `false` never retries. */
export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...DEFAULT_RETRY, maxAttempts: 1 };
  const policy = { ...DEFAULT_RETRY, ...options };
  for (const [name, value] of Object.entries(policy)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new TypeError(`retry.${name} must be a finite number of at least 0 (got ${String(value)}).`);
    }
  }
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw new TypeError(`retry.maxAttempts must be a whole number of at least 1 (got ${policy.maxAttempts}).`);
  }
  return policy;
}

/**
 * How long to wait after failed try number `attempt` (1 for the first): the server's `Retry-After` when it gave
 * one, else an exponential backoff; either with jitter, so that players refused together do not all come back
 * in the same instant ("equal jitter": half the backoff, plus up to as much again at random).
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs + Math.floor(random() * policy.baseDelayMs);
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(backoff / 2 + (random() * backoff) / 2);
}

/** A `Retry-After` header in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date ("Sun, 22 Nov 2026 12:00:05 GMT"); Date.parse alone would take "-1" for a year.
  const date = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
