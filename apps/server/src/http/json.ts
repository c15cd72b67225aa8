import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { API_MESSAGES } from '@liveops/domain/shared';

export function jsonError(c: Context, status: ContentfulStatusCode, code: string, message: string, extra?: object) {
  return c.json({ code, message, ...extra }, status);
}

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * Reads a JSON body and validates it with a domain schema. Wrong content type, malformed JSON and invalid
 * fields each get a 4xx with a message a person can act on.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<Parsed<z.output<S>>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    return { ok: false, response: jsonError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.jsonRequired) };
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: jsonError(c, 400, 'MALFORMED_JSON', API_MESSAGES.malformedJson) };
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return {
      ok: false,
      response: jsonError(c, 400, 'VALIDATION_ERROR', issues[0]?.message ?? 'Invalid input.', { issues }),
    };
  }
  return { ok: true, value: result.data };
}
