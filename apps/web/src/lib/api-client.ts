import type { ApiErrorBody } from '@liveops/domain';

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

/** fetch for /api: JSON in, JSON out, and every failure as an ApiError carrying the server's message. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const isForm = init.body instanceof FormData;
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json' };
  if (init.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    // FormData sets its own multipart boundary.
    body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
  const text = await response.text();
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
