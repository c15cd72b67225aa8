import type { z } from '@hono/zod-openapi';
import { RUNTIME_MESSAGES, RuntimeErrorSchema } from '@liveops/domain/runtime-api';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { databaseErrorCode, isDatabaseUnavailable } from '../../db/database-errors';
import type { Logger } from '../../logging/logger';

/** The `/v1` error answer: a lower-case code a game can switch on, and a sentence a person can act on. */
export function runtimeError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
) {
  return c.json({ code, message, ...extra }, status);
}

export class RuntimeRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Ends a request with a runtime error answer (thrown, so a handler's typed answer is its success). */
export function refuse(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
): never {
  throw new RuntimeRefusal(status, code, message, extra);
}

/** The answer to input its route's schema refused: a missing or bad Idempotency-Key, or the first problem. */
export function invalidInput(c: Context, error: z.ZodError) {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const idempotency = issues.find((issue) => issue.path === 'idempotency-key');
  if (idempotency) return runtimeError(c, 400, 'idempotency_key_required', RUNTIME_MESSAGES.idempotencyKeyRequired);
  return runtimeError(c, 400, 'validation_error', issues[0]?.message ?? 'Invalid input.', { issues });
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`validation_error`, `malformed_json`, `control_characters`).',
  401: 'Missing, invalid or expired credentials (`missing_token`, `invalid_token`, `invalid_signature`, `signature_replayed`).',
  403: 'The credentials may not do this (`token_scope`, `game_disabled`).',
  404: 'Not found (`not_found`, `player_unknown`).',
  409: 'Conflict (`already_claimed` with `nextClaimAt`, `insufficient_balance`, `day_not_configured`, `not_targeted`).',
  413: 'Body too large (`payload_too_large`).',
  415: 'Not JSON (`unsupported_media_type`).',
  422: 'The Idempotency-Key was used for another request (`idempotency_key_reused`), or an unknown item.',
  429: 'Too many requests (`rate_limited`); see Retry-After.',
  503: 'The database is unavailable for now (`unavailable`); nothing was done. Try again after Retry-After.',
};

/** A route's documented error answers, by status. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: RuntimeErrorSchema } },
      },
    ]),
  );

/** Seconds a client waits before trying again while the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The area's error map: a refusal as it was thrown, anything else as a code a game can act on, never a page. */
export function runtimeErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof RuntimeRefusal) {
      if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
      return runtimeError(c, error.status, error.code, error.message, error.extra);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return runtimeError(c, status, status === 413 ? 'payload_too_large' : 'bad_request', error.message);
    }
    const state = databaseErrorCode(error);
    const where = `${c.req.method} ${new URL(c.req.url).pathname}`;
    // No database to ask (decision 057): nothing was decided, so the SDK, the popup and proxies try again.
    if (isDatabaseUnavailable(error)) {
      logger.warn(`${where}: the database is unavailable:`, error);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return runtimeError(c, 503, 'unavailable', RUNTIME_MESSAGES.unavailable);
    }
    if (state?.startsWith('22')) {
      logger.warn(`${where} sent a value the database refused:`, error);
      return runtimeError(c, 400, 'unstorable_value', 'A value could not be stored. Check the input.');
    }
    // The game or player was deleted while the request ran.
    if (state === '23503') return runtimeError(c, 404, 'not_found', RUNTIME_MESSAGES.notFound);
    logger.error(`${where} failed:`, error);
    return runtimeError(c, 500, 'internal', RUNTIME_MESSAGES.internal);
  };
}
