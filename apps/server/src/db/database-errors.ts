/** A PostgreSQL SQLSTATE anywhere in an error's cause chain (drizzle wraps the driver's error), else null. */
export function databaseErrorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** Node's socket errors when the database's host does not answer or drops the connection. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** What the drivers say when there is no database to ask: PGlite closed, a pool ended, no connection in time. */
const UNREACHABLE_MESSAGES =
  /PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect|Connection terminated/i;

/**
 * Whether an error means the database could not be asked at all (decision 057): refused or dropped
 * connections, a pool with no connection in time, PGlite closed, or PostgreSQL saying it is shutting down, starting
 * or out of connections (SQLSTATE class 08, 57P01 to 57P03, 53300). The request was not the problem: the caller
 * answers 503 with Retry-After, so clients and proxies try again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
