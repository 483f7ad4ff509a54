/**
 * The SQLSTATE of a PostgreSQL error (node-postgres or PGlite), looking through the causes drizzle
 * wraps it in, or undefined for any other failure.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}
