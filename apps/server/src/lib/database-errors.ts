/** A PostgreSQL SQLSTATE anywhere in an error's cause chain (drizzle wraps the driver's error), else null. */
export function databaseErrorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
