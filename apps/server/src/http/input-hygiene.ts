import { createMiddleware } from 'hono/factory';
import { findTextProblem, hasForbiddenCharacters, TEXT_MESSAGES, type TextProblem } from '@liveops/domain/shared';
import { jsonError } from './json';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** The raw (still percent-encoded) path and query of a request URL. */
export function rawPathAndQuery(url: string): { path: string; query: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const rest = start < 0 ? '/' : url.slice(start);
  const hash = rest.indexOf('#');
  const target = hash < 0 ? rest : rest.slice(0, hash);
  const question = target.indexOf('?');
  return question < 0
    ? { path: target, query: '' }
    : { path: target.slice(0, question), query: target.slice(question + 1) };
}

/** In an address even tab, line feed and carriage return are control characters (they forge log lines). */
const isAddressUnsafe = (text: string) =>
  hasForbiddenCharacters(text) ||
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code === 9 || code === 10 || code === 13;
  });

function decodes(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Every request's address, before any route reads it: a malformed percent-encoding, or a control character
 * once decoded (such as %00, which the database cannot store, or %0A), is answered 400 and goes no further.
 */
export const checkedAddress = createMiddleware(async (c, next) => {
  const { path, query } = rawPathAndQuery(c.req.url);
  const decodedPath = decodes(path);
  const parts = query ? query.split('&').flatMap((pair) => pair.split('=')) : [];
  const decodedQuery = parts.map((part) => decodes(part.replace(/\+/g, ' ')));
  if (
    decodedPath === null ||
    isAddressUnsafe(decodedPath) ||
    decodedQuery.some((part) => part === null || isAddressUnsafe(part))
  ) {
    return jsonError(c, 400, 'MALFORMED_ADDRESS', TEXT_MESSAGES.malformedAddress);
  }
  await next();
});

/**
 * Every string in a JSON, multipart or form body (keys too) is free of control characters and lone surrogates,
 * and a JSON body is at most JSON_MAX_DEPTH deep, whichever route (ours or Better Auth's) reads it. Bodies that do not parse are left to the route, which
 * answers them with its own message.
 */
export const checkedBody = createMiddleware(async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const type = c.req.header('content-type') ?? '';
  let found: TextProblem | null = null;
  if (JSON_TYPE.test(type)) {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next();
    }
    found = findTextProblem(body);
  } else if (/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return next();
    }
    const fields = Object.fromEntries(
      Object.entries(form).map(([key, value]) => [
        key,
        (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string'),
      ]),
    );
    found = findTextProblem(fields);
  }
  if (found?.kind === 'too-deep') return jsonError(c, 400, 'TOO_DEEP', TEXT_MESSAGES.tooDeep);
  if (found?.kind === 'forbidden') {
    return jsonError(c, 400, 'CONTROL_CHARACTERS', TEXT_MESSAGES.controlCharacters, { path: found.path });
  }
  if (found?.kind === 'bidi') {
    return jsonError(c, 400, 'BIDI_CONTROLS', TEXT_MESSAGES.bidiControls, { path: found.path });
  }
  await next();
});
