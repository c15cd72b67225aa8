import type { ClaimResponse } from '@liveops/domain/runtime-api';
import { PUBLISHED_CLAIM_ERROR_CODES, type PopupSession } from '@liveops/domain/published';

/**
 * What one claim came to: the runtime's 200 body, or why it granted nothing. `transient`: no final answer (none
 * at all, or 429 or 5xx after the retries), so the claim may have been made: the next tap sends it again with the
 * same Idempotency-Key and hears its answer.
 */
export type ClaimOutcome =
  | { ok: true; result: ClaimResponse }
  | { ok: false; status: number; code: string; message: string; nextClaimAt?: string; transient: boolean };

export interface ClaimTransport {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Waits before a retry; a test's resolves at once. */
  sleep: (ms: number) => Promise<void>;
  /** How long one try may take before it counts as a network failure. */
  timeoutMs: number;
}

/** The waits before the retries of one claim (three), unless Retry-After asks for another (at most 8 s). */
export const CLAIM_RETRY_DELAYS_MS = [500, 1500, 4000] as const;
const RETRY_AFTER_MAX_MS = 8000;
const RETRIED_STATUSES = [429, 502, 503, 504];

/**
 * 128 random bits as hex, from getRandomValues: crypto.randomUUID exists only in secure contexts, and a game's
 * web view may show the page over plain http or from a file.
 */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const browserTransport = (): ClaimTransport => ({
  fetch: (url, init) => fetch(url, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeoutMs: 10_000,
});

/** What postToRuntime sends besides the session's token, and when it tries again. */
export interface RuntimeRequest {
  headers?: Record<string, string>;
  body?: string;
  /** The first try is sent with keepalive, so that it outlives the page (a retry goes without). */
  keepalive?: boolean;
  /** The waits before the retries: one retry per entry. */
  delays: readonly number[];
  /** An answer with this status is tried again; a network failure always is. */
  retried: (status: number) => boolean;
}

/**
 * POSTs to `{api}{path}` with the session's token until an answer is final: a network failure (or a try that
 * outlasts timeoutMs) and a status `retried` takes are tried again, the same request, after each of `delays` or
 * what Retry-After asks (at most 8 s). Gives the last answer, or null when none came. Never throws.
 */
export async function postToRuntime(
  session: PopupSession,
  path: string,
  transport: ClaimTransport,
  { headers, body, keepalive = false, delays, retried }: RuntimeRequest,
): Promise<Response | null> {
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), transport.timeoutMs);
    let response: Response | null = null;
    try {
      response = await transport.fetch(`${session.api}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}`, ...headers },
        body,
        credentials: 'omit',
        cache: 'no-store',
        // Some Chromium builds refuse keepalive on a request that needs a CORS preflight: the retry goes without.
        keepalive: keepalive && !attempt,
        signal: controller.signal,
      });
    } catch {
      // No answer: tried again below.
    } finally {
      clearTimeout(timer);
    }
    if (attempt >= delays.length || (response && !retried(response.status))) return response;
    // Retry-After in seconds, the runtime's form; without one the usual wait.
    const seconds = Number((response && response.headers.get('retry-after')) || Number.NaN);
    await transport.sleep(seconds >= 0 ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : delays[attempt]!);
  }
}

/**
 * Claims today's reward of the session's daily reward through the runtime (decision 036): POST
 * `{api}/daily-rewards/{configId}/claim` with the session's token and the claim's Idempotency-Key, sent again on
 * every retry so a retry never grants twice (the runtime answers it as it answered the first). A network failure,
 * 429, 502, 503 and 504 are tried again (CLAIM_RETRY_DELAYS_MS apart, or what Retry-After asks); any other answer
 * is final. Never throws.
 */
export async function claimWithSession(
  session: PopupSession,
  idempotencyKey: string,
  transport: ClaimTransport,
): Promise<ClaimOutcome> {
  const response = await postToRuntime(
    session,
    `/daily-rewards/${encodeURIComponent(session.configId)}/claim`,
    transport,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
      delays: CLAIM_RETRY_DELAYS_MS,
      retried: (status) => RETRIED_STATUSES.includes(status),
    },
  );
  const status = response ? response.status : 0;
  const body: unknown = response && (await response.json().catch(() => null));
  const fields = (body instanceof Object ? body : {}) as Record<string, unknown>;
  const ok = response !== null && response.ok;
  // Checked as far as the page reads it (the page ships without zod).
  if (ok && typeof fields.day === 'number' && fields.dailyReward instanceof Object) {
    return { ok, result: body as ClaimResponse };
  }
  const code = ok
    ? PUBLISHED_CLAIM_ERROR_CODES.invalidResponse
    : typeof fields.code === 'string'
      ? fields.code
      : response
        ? `http_${status}`
        : PUBLISHED_CLAIM_ERROR_CODES.network;
  return {
    ok: false,
    status,
    code,
    message: typeof fields.message === 'string' ? fields.message : `The claim failed: ${code}.`,
    ...(typeof fields.nextClaimAt === 'string' ? { nextClaimAt: fields.nextClaimAt } : {}),
    transient: status === 0 || status === 429 || status >= 500,
  };
}
