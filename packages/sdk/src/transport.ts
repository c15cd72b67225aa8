import { errorFromAnswer, LiveOpsError, SDK_ERROR_CODES } from './live-ops-error.js';
import { parseRetryAfter, retryDelay, type RetryPolicy } from './retry-delay.js';

/** What the client needs of `fetch`: the platform's own fits, and so does a stand-in (tests, a custom agent). */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchAnswer>;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface FetchAnswer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** One call to the runtime. */
export interface Call {
  method: 'GET' | 'POST';
  /** Below the base URL, starting with "/". */
  path: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type Send = <T>(call: Call) => Promise<T>;

/** Answers worth trying again: too many requests, and a proxy or server that is briefly unavailable. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

type Outcome<T> = { done: true; value: T } | { done: false; error: LiveOpsError };

/**
 * Sends calls with retries: a network failure (or a try over `timeoutMs`), 429 and 502/503/504 are tried again
 * up to `retry.maxAttempts` times in all, after the server's `Retry-After` or an exponential backoff with jitter.
 * Any other answer is final. A call sends the same body and headers on every try (a claim's Idempotency-Key too).
 */
export function createTransport(config: {
  baseUrl: string;
  fetch: FetchLike;
  retry: RetryPolicy;
  timeoutMs: number;
}): Send {
  return async function send<T>(call: Call): Promise<T> {
    const url = config.baseUrl + call.path;
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (call.token !== undefined) headers.Authorization = `Bearer ${call.token}`;
    const init: FetchInit = { method: call.method, headers };
    if (call.body !== undefined) init.body = JSON.stringify(call.body);

    for (let attempt = 1; ; attempt++) {
      const outcome = await tryOnce<T>(config, url, init, call.signal);
      if (outcome.done) return outcome.value;
      const { error } = outcome;
      if (attempt >= config.retry.maxAttempts) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > config.retry.maxDelayMs) throw error;
      await sleep(retryDelay(attempt, config.retry, error.retryAfterMs), call.signal);
    }
  };
}

async function tryOnce<T>(
  config: { fetch: FetchLike; timeoutMs: number },
  url: string,
  init: FetchInit,
  signal: AbortSignal | undefined,
): Promise<Outcome<T>> {
  throwIfAborted(signal);
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  const tryInit = controller ? { ...init, signal: controller.signal } : init;
  const deadline = settleBy(config.timeoutMs, signal, () => controller?.abort());
  let status: number;
  let text: string;
  let retryAfter: string | null;
  try {
    const answer = await Promise.race([config.fetch(url, tryInit), deadline.promise]);
    status = answer.status;
    retryAfter = answer.headers.get('Retry-After');
    // Reading the body is part of the try: a connection that dies mid-body is a network failure too.
    text = await Promise.race([answer.text(), deadline.promise]);
  } catch (cause) {
    if (signal?.aborted) throw abortedError(signal);
    return {
      done: false,
      error: new LiveOpsError({
        status: 0,
        code: SDK_ERROR_CODES.network,
        message: deadline.timedOut()
          ? `No answer from the LiveOps server within ${config.timeoutMs} ms.`
          : 'Could not reach the LiveOps server: check the network and the base URL.',
        cause,
      }),
    };
  } finally {
    deadline.clear();
  }

  const body = parseJson(text);
  if (status >= 200 && status < 300) {
    if (body === undefined) {
      throw new LiveOpsError({
        status,
        code: SDK_ERROR_CODES.invalidResponse,
        message: `The LiveOps server answered HTTP ${status} without a JSON body: is the base URL the runtime's (…/v1)?`,
      });
    }
    return { done: true, value: body as T };
  }
  const error = errorFromAnswer(status, body, parseRetryAfter(retryAfter));
  if (!RETRY_STATUSES.has(status)) throw error;
  return { done: false, error };
}

/**
 * A promise that rejects when the try has taken `ms` or the caller aborts, so that a fetch which ignores its
 * signal still ends; `abort` also cancels the request itself.
 */
function settleBy(ms: number, signal: AbortSignal | undefined, abort: () => void) {
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      abort();
      reject(new Error('timeout'));
    }, ms);
    onAbort = () => {
      abort();
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort);
  });
  // Nobody may be listening when it rejects (the try already settled).
  promise.catch(() => undefined);
  return {
    promise,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort);
  });
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(signal);
}

function abortedError(signal: AbortSignal | undefined): LiveOpsError {
  return new LiveOpsError({
    status: 0,
    code: SDK_ERROR_CODES.aborted,
    message: 'The call was aborted.',
    cause: signal?.reason,
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
