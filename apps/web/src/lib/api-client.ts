import type { ApiErrorBody } from '@liveops/domain/shared';

/** An /api answer that was not ok, with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request given `timeoutMs` that had no whole answer by then: it was aborted, and may or may not have been applied. */
export class RequestTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms.`);
    this.name = 'RequestTimeout';
  }
}

/**
 * fetch for /api: JSON in, JSON out, and every failure as an ApiError carrying the server's message. With
 * `timeoutMs` the request is aborted when it has no whole answer by then and fails with RequestTimeout, so a caller
 * showing "Saving..." is never left waiting on a request that never settles.
 */
export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<T> {
  const isForm = init.body instanceof FormData;
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json' };
  if (init.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const timeout = init.timeoutMs === undefined ? null : new AbortController();
  const timer = timeout
    ? setTimeout(() => timeout.abort(new RequestTimeout(init.timeoutMs ?? 0)), init.timeoutMs)
    : undefined;
  const signals = [init.signal, timeout?.signal].filter((signal) => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  let text: string;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      // FormData sets its own multipart boundary.
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (timeout?.signal.aborted) throw timeout.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    // Only our own error shape carries a message for people; a proxy's error page does not.
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.code, data.message);
    throw new ApiError(response.status, undefined, '');
  }
  return data as T;
}

/**
 * ApiErrorBodySchema's check, by hand: every page fetches through here, and the sign-in pages' first visit loads
 * no classic zod (where that schema is written).
 */
function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const { code, message } = data as Record<string, unknown>;
  return typeof message === 'string' && (code === undefined || typeof code === 'string');
}
