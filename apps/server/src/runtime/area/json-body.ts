import { RUNTIME_MESSAGES } from '@liveops/domain/runtime-api';
import { findTextProblem } from '@liveops/domain/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { runtimeError } from './errors';

/** At most `maxSize` bytes of body, refused with 413 before it is read. */
export const bodyOfAtMost = (maxSize: number): MiddlewareHandler =>
  bodyLimit({ maxSize, onError: (c) => runtimeError(c, 413, 'payload_too_large', RUNTIME_MESSAGES.bodyTooLarge) });

/**
 * The request's JSON body, parsed once and free of control characters, with its text; or the answer that refuses
 * it (415 not JSON, 400 malformed, too deep or holding control characters).
 */
export async function readJsonBody(c: Context): Promise<{ body: unknown; text: string } | Response> {
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
    return runtimeError(c, 415, 'unsupported_media_type', RUNTIME_MESSAGES.jsonRequired);
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return runtimeError(c, 400, 'malformed_json', RUNTIME_MESSAGES.malformedJson);
  }
  const problem = findTextProblem(body);
  if (problem?.kind === 'too-deep') return runtimeError(c, 400, 'too_deep', 'The JSON body is nested too deep.');
  if (problem) {
    return runtimeError(c, 400, 'control_characters', 'Text may not hold control or direction characters.', {
      path: problem.path,
    });
  }
  return { body, text };
}

/** A JSON body of at most `maxSize` bytes, checked by readJsonBody before the route's validator reads it. */
export const jsonBody = (maxSize: number): MiddlewareHandler[] => [
  bodyOfAtMost(maxSize),
  createMiddleware(async (c, next) => {
    const read = await readJsonBody(c);
    if (read instanceof Response) return read;
    await next();
  }),
];
